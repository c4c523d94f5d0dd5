import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../stores/create-store';
import { userStore } from '../../../stores/user';

/** The signed-in account at the top of the user-center pages (its real detail, not a sample). */
export function UserHeader({ avatar }: { avatar?: string }) {
  const { t } = useTranslation();
  const user = useStore(userStore);
  const src = avatar || user.avatar || undefined;
  const facts = [user.jobName, user.organizationName, user.locationName].filter(Boolean);
  return (
    <Card data-testid="user-header">
      <Space size={16} align="center" wrap>
        <Avatar size={64} src={src} icon={src ? undefined : <UserOutlined />} />
        <div>
          <Typography.Title level={4} className="sample-page__title">
            {user.name || user.userName}
          </Typography.Title>
          <Space size={8} wrap>
            {user.role && <Tag color="blue">{t(`roles.${user.role}`)}</Tag>}
            {facts.map((f) => (
              <Typography.Text type="secondary" key={f}>
                {f}
              </Typography.Text>
            ))}
          </Space>
        </div>
      </Space>
    </Card>
  );
}
