import type { BaseRecord } from '@refinedev/core';
import { Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/resource/field-format';
import { StatusTag } from '../renderers';
import { text } from './draft';

/** The item being annotated: its question, the answer given, and who annotated it last. */
export function ItemCards({ item }: { item: BaseRecord }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size={16} className="corpus-mark">
      <Card
        size="small"
        title={t('corpus-item.fields.question')}
        extra={
          <Space size={4}>
            <Typography.Text type="secondary">#{String(item.id)}</Typography.Text>
            <StatusTag value={item.status} />
          </Space>
        }
      >
        <Typography.Paragraph className="corpus-mark__text" data-testid="mark-question">
          {text(item.question)}
        </Typography.Paragraph>
      </Card>
      <Card size="small" title={t('corpus-item.fields.answer')}>
        {text(item.answer) ? (
          <Typography.Paragraph className="corpus-mark__text">
            {text(item.answer)}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        )}
      </Card>
      {(item.annotatorName || item.annotatorId) && (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('corpus-item.fields.annotatorName')}>
            {text(item.annotatorName) || text(item.annotatorId)}
          </Descriptions.Item>
          <Descriptions.Item label={t('corpus-item.fields.annotatedAt')}>
            {formatDateTime(item.annotatedAt) || '-'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Space>
  );
}
