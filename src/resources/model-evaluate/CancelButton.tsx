import { StopOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { Tip } from '../../components/Tip';
import { EVALUATE_CALLS, useEvaluationAction } from './api';

/**
 * The question's words by the run's state: a run that has not started has nothing to keep
 * running and no results written, so its question and keep button must not say so.
 */
const WORDS = {
  pending: {
    question: 'model-evaluate.actions.cancelConfirmPending',
    keep: 'model-evaluate.actions.keepPending',
  },
  running: {
    question: 'model-evaluate.actions.cancelConfirm',
    keep: 'model-evaluate.actions.keepRunning',
  },
} as const;

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
  const { act, pending } = useEvaluationAction();
  const words = WORDS[record.state === 'running' ? 'running' : 'pending'];
  const cancel = async () => {
    await act(
      EVALUATE_CALLS.cancel,
      { id: record.id, version: record.version },
      t('model-evaluate.actions.cancelled'),
    );
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
      title={t(words.question, { name: String(record.evaluateName) })}
      okText={t('model-evaluate.actions.cancel')}
      cancelText={t(words.keep)}
      okButtonProps={{ danger: true }}
      onConfirm={() => cancel().catch(() => undefined)}
    >
      {compact ? <Tip title={t('model-evaluate.actions.cancel')}>{button}</Tip> : button}
    </Ask>
  );
}
