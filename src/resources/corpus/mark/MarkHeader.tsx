import { QuestionCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { Button, Card, Progress, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useView } from '../../view';
import { countsOf, percentOf } from '../renderers';
import { STATUS_FILTERS, type StatusFilter } from './location';
import { Kbd } from './ShortcutsHelp';

/** The set's title and progress, with the status filter, the help, a refresh and the way back. */
export function MarkHeader({
  corpus,
  status,
  onStatus,
  onHelp,
  onRefresh,
}: {
  corpus: BaseRecord;
  status: StatusFilter;
  onStatus(status: StatusFilter): void;
  onHelp(): void;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  const { route, pageOf } = useView();
  const counts = countsOf(corpus);
  const detailPath = pageOf('show')?.path;
  const title = `${t(route.locale)} · ${String(corpus.corpusName ?? corpus.id)}`;
  return (
    <Card
      title={title}
      extra={
        <Space wrap>
          <Select<StatusFilter>
            aria-label={t('corpus.mark.filter')}
            className="corpus-mark__filter"
            value={status}
            onChange={onStatus}
            options={STATUS_FILTERS.map((s) => ({
              value: s,
              label: s === 'all' ? t('corpus.mark.allItems') : t(`corpus-item.enums.status.${s}`),
            }))}
          />
          <Button
            icon={<QuestionCircleOutlined aria-hidden />}
            onClick={onHelp}
            aria-label={t('corpus.mark.shortcuts.title')}
          >
            <Kbd>?</Kbd>
          </Button>
          <Button
            icon={<ReloadOutlined aria-hidden />}
            aria-label={t('buttons.refresh')}
            onClick={onRefresh}
          />
          {detailPath && (
            <Link to={`${detailPath}?id=${Number(corpus.id)}`}>{t('corpus.mark.backToSet')}</Link>
          )}
        </Space>
      }
    >
      <div className="corpus-progress">
        <Typography.Text data-testid="mark-progress">
          {t('corpus.progress.annotated', { done: counts.annotated, total: counts.items })}
        </Typography.Text>
        <Progress
          percent={percentOf(counts.annotated, counts.items)}
          aria-label={t('corpus.progress.annotatedBar')}
        />
      </div>
    </Card>
  );
}
