import type { BaseRecord } from '@refinedev/core';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LabelTag } from '../renderers';
import { text } from './draft';

/** Someone saved the item first: what they saved, and keep mine (save again) or take theirs. */
export function ConflictAlert({
  item,
  pending,
  onKeepMine,
  onTakeTheirs,
}: {
  /** The item as stored now. */
  item: BaseRecord;
  pending: boolean;
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      message={t('corpus.mark.conflict.title')}
      description={
        <Space direction="vertical" size={8}>
          <Typography.Text>
            {t('corpus.mark.conflict.theirs', {
              name: text(item.annotatorName) || text(item.annotatorId) || '-',
            })}
          </Typography.Text>
          <Space wrap>
            <LabelTag value={item.label} />
            {text(item.recommendedAnswer) && (
              <Typography.Text>{text(item.recommendedAnswer)}</Typography.Text>
            )}
            {text(item.comment) && (
              <Typography.Text type="secondary">{text(item.comment)}</Typography.Text>
            )}
          </Space>
          <Space wrap>
            <Button size="small" type="primary" onClick={onKeepMine} loading={pending}>
              {t('corpus.mark.conflict.keepMine')}
            </Button>
            <Button size="small" onClick={onTakeTheirs}>
              {t('corpus.mark.conflict.takeTheirs')}
            </Button>
          </Space>
        </Space>
      }
    />
  );
}
