import { BarChartOutlined, EditOutlined, FileSearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Progress, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_JUDGE_RUBRIC } from '../../../contract/evaluation-judge';
import { DeleteRecordButton } from '../../components/resource/DeleteRecordButton';
import { OpenInWindowButton } from '../../components/resource/OpenInWindowButton';
import { formatDateTime } from '../../components/resource/field-format';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { TemplateLabel } from '../prompt-call/renderers';
import { useView } from '../view';
import { isCancellable, isRunnable, useRunProgress, type Evaluation } from './api';
import { RunButton } from './RunButton';
import { EvaluationForm } from './EvaluationForm';
import { CancelButton } from './EvaluationList';
import { useEvaluatePaths } from './paths';
import { MetricTags, StateBadge, useTimeLeft, VersionTags } from './renderers';
import './model-evaluate.css';

/** One evaluation: what it compares, where it stands, and the way to its report. */
export default function EvaluationDetail() {
  const [editing, setEditing] = useState(false);
  const { record, query, placeholder } = useDetailRecord<Evaluation>();
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (placeholder || !record) return placeholder;
  const state = String(record.state);
  const percent = state === 'completed' ? 100 : Number(record.progress ?? 0);
  return (
    <DetailCard
      record={record}
      state={state}
      percent={percent}
      refetch={reload}
      editing={editing}
      setEditing={setEditing}
    />
  );
}

function DetailCard({
  record,
  state: stored,
  percent: storedPercent,
  refetch,
  editing,
  setEditing,
}: {
  record: Evaluation;
  state: string;
  percent: number;
  refetch(): void;
  editing: boolean;
  setEditing(on: boolean): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route } = useView();
  const paths = useEvaluatePaths();
  const live = useRunProgress(record.id, stored === 'running');
  const timeLeft = useTimeLeft();
  // The run ended while the page was open: read the evaluation again.
  const ended = stored === 'running' && live !== undefined && live.state !== 'running';
  useEffect(() => {
    if (ended) refetch();
  }, [ended, refetch]);
  const state = live?.state ?? stored;
  const percent = live?.progress ?? storedPercent;
  const label = (field: string) => t(`model-evaluate.fields.${field}`);
  const dash = <Typography.Text type="secondary">-</Typography.Text>;
  const date = (value: string | null) => (value ? formatDateTime(value) : dash);

  return (
    <Card
      title={`${t(route.locale)} · ${record.evaluateName}`}
      extra={
        <Space wrap>
          {paths.report && (
            <Button
              type="primary"
              icon={<BarChartOutlined aria-hidden />}
              onClick={() => navigate(`${paths.report}?id=${record.id}`)}
            >
              {t('model-evaluate.actions.report')}
            </Button>
          )}
          {paths.reportDetail && (
            <Button
              icon={<FileSearchOutlined aria-hidden />}
              onClick={() => navigate(`${paths.reportDetail}?id=${record.id}`)}
            >
              {t('model-evaluate.actions.reportDetail')}
            </Button>
          )}
          {paths.canEdit && isRunnable(state) && <RunButton record={record} onDone={refetch} />}
          {paths.canEdit && isCancellable(state) && (
            <CancelButton record={record} onDone={refetch} />
          )}
          {paths.canEdit && (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
              {t('buttons.edit')}
            </Button>
          )}
          <OpenInWindowButton />
          <DeleteRecordButton id={record.id} title={record.evaluateName} />
        </Space>
      }
    >
      <Space direction="vertical" size={16} className="evaluate-detail">
        {state === 'failed' && record.error && (
          <Alert type="error" showIcon message={label('error')} description={record.error} />
        )}
        <div className="evaluate-detail__progress">
          <StateBadge state={state} />
          <Progress
            percent={percent}
            status={state === 'failed' ? 'exception' : state === 'running' ? 'active' : undefined}
            aria-label={label('progress')}
          />
        </div>
        {live && (
          <Typography.Text type="secondary" data-testid="evaluation-live">
            {[
              t('model-evaluate.live.counts', {
                done: live.done,
                failed: live.failed,
                total: live.total,
              }),
              timeLeft(live.etaSeconds),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        )}
        <Descriptions bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} size="middle">
          <Descriptions.Item label={label('evaluateName')}>{record.evaluateName}</Descriptions.Item>
          <Descriptions.Item label={label('corpusId')}>
            {record.corpusName ?? `#${record.corpusId}`}
          </Descriptions.Item>
          <Descriptions.Item label={label('modelVersions')} span={2}>
            <VersionTags versions={record.modelVersions} baseline={record.baselineVersion} />
          </Descriptions.Item>
          <Descriptions.Item label={label('baselineVersion')}>
            {record.baselineVersion ?? dash}
          </Descriptions.Item>
          <Descriptions.Item label={label('templateId')}>
            <TemplateLabel id={record.templateId} title={record.templateTitle} />
          </Descriptions.Item>
          <Descriptions.Item label={label('metrics')} span={2}>
            <MetricTags metrics={record.metrics} />
          </Descriptions.Item>
          {record.judgeVersion && (
            <Descriptions.Item label={label('judgeVersion')} span={2}>
              {record.judgeVersion}
              <Typography.Paragraph
                className="evaluate-detail__text"
                type={record.judgeRubric ? undefined : 'secondary'}
                ellipsis={{
                  rows: 3,
                  expandable: true,
                  symbol: t('model-evaluate.form.showRubric'),
                }}
              >
                {record.judgeRubric ?? DEFAULT_JUDGE_RUBRIC}
              </Typography.Paragraph>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={label('resultCount')}>{record.resultCount}</Descriptions.Item>
          <Descriptions.Item label={label('createdAt')}>{date(record.createdAt)}</Descriptions.Item>
          <Descriptions.Item label={label('startedAt')}>{date(record.startedAt)}</Descriptions.Item>
          <Descriptions.Item label={label('finishedAt')}>
            {date(record.finishedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={label('description')} span={2}>
            {record.description ? (
              <Typography.Paragraph className="evaluate-detail__text">
                {record.description}
              </Typography.Paragraph>
            ) : (
              dash
            )}
          </Descriptions.Item>
        </Descriptions>
      </Space>
      <EvaluationForm
        open={editing}
        record={record}
        onClose={() => setEditing(false)}
        onSaved={refetch}
      />
    </Card>
  );
}
