import { BarChartOutlined, StopOutlined } from '@ant-design/icons';
import { useInvalidate, type BaseRecord } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { useNavigate } from 'react-router';
import { modelEvaluate } from '../../../contract/resources/model-evaluate';
import { HoverTip } from '../../components/resource/cells';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { feedbackMessage } from '../../providers/feedback';
import { useEvaluateCall, EVALUATE_CALLS, isCancellable } from './api';
import { EvaluationForm } from './EvaluationForm';
import { useEvaluatePaths } from './paths';
import { evaluateRenderers } from './renderers';
import './model-evaluate.css';
import { Tip } from '../../components/Tip';

/** Cancels a pending or running evaluation after a confirm; the version read is sent. */
export function CancelButton({
  record,
  onDone,
  compact,
}: {
  record: BaseRecord;
  onDone?(): void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { call, pending } = useEvaluateCall();
  const invalidate = useInvalidate();
  const cancel = async () => {
    await call(EVALUATE_CALLS.cancel, { id: record.id, version: record.version });
    void feedbackMessage().success(t('model-evaluate.actions.cancelled'));
    void invalidate({
      resource: modelEvaluate.name,
      invalidates: ['list', 'detail'],
      id: record.id,
    });
    onDone?.();
  };
  const button = (
    <Button
      size={compact ? 'small' : undefined}
      type={compact ? 'text' : 'default'}
      danger
      icon={<StopOutlined aria-hidden />}
      loading={pending}
      aria-label={t('model-evaluate.actions.cancel')}
    >
      {compact ? null : t('model-evaluate.actions.cancel')}
    </Button>
  );
  return (
    <Ask
      title={t('model-evaluate.actions.cancelConfirm', { name: String(record.evaluateName) })}
      okText={t('model-evaluate.actions.cancel')}
      cancelText={t('model-evaluate.actions.keepRunning')}
      okButtonProps={{ danger: true }}
      onConfirm={() => cancel().catch(() => undefined)}
    >
      {compact ? <Tip title={t('model-evaluate.actions.cancel')}>{button}</Tip> : button}
    </Ask>
  );
}

/** Evaluations: the declared columns, with state, versions and metrics readable. */
export default function EvaluationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useEvaluatePaths();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceListPage
        renderers={evaluateRenderers}
        inlineEdit={false}
        onCreate={() => setCreating(true)}
        rowActions={(record) => (
          <>
            {paths.report && (
              <HoverTip title={t('model-evaluate.actions.report')}>
                <Button
                  size="small"
                  type="text"
                  icon={<BarChartOutlined aria-hidden />}
                  aria-label={t('model-evaluate.actions.report')}
                  onClick={() => navigate(`${paths.report}?id=${String(record.id)}`)}
                />
              </HoverTip>
            )}
            {paths.canEdit && isCancellable(record.state) && (
              <CancelButton record={record} compact />
            )}
          </>
        )}
      />
      <EvaluationForm
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => paths.detail && navigate(`${paths.detail}?id=${saved.id}`)}
      />
    </>
  );
}
