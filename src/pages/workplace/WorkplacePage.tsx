import { AppstoreOutlined, CommentOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useStore } from '../../stores/create-store';
import { userStore } from '../../stores/user';

function useSceneCount(type?: 0 | 1) {
  const { result, query } = useList({
    resource: 'scene',
    pagination: { currentPage: 1, pageSize: 1 },
    filters: type === undefined ? [] : [{ field: 'type', operator: 'eq', value: type }],
    errorNotification: false,
  });
  return { total: result?.total ?? 0, loading: query.isLoading };
}

export default function WorkplacePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useStore(userStore);
  const all = useSceneCount();
  const prompt = useSceneCount(0);
  const chat = useSceneCount(1);
  return (
    <div>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('workplace.welcome', { name: user.name || user.userName || '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('workplace.intro')}</Typography.Text>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {[
          { key: 'all', icon: <AppstoreOutlined />, ...all },
          { key: 'prompt', icon: <ThunderboltOutlined />, ...prompt },
          { key: 'chat', icon: <CommentOutlined />, ...chat },
        ].map((s) => (
          <Col xs={24} md={8} key={s.key}>
            <Card hoverable onClick={() => navigate('/scene/list')} data-testid={`stat-${s.key}`}>
              <Statistic
                title={t(`workplace.scenes.${s.key}`)}
                value={s.total}
                loading={s.loading}
                prefix={s.icon}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
