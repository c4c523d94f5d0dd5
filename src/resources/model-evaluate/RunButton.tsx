import { CaretRightOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Tip } from '../../components/Tip';
import { EVALUATE_CALLS, useEvaluationAction } from './api';

/** Starts an evaluation, or resumes a cancelled one where it stopped. */
export function RunButton({
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
  const words = t(
    record.state === 'pending' ? 'model-evaluate.actions.run' : 'model-evaluate.actions.runAgain',
  );
  const run = async () => {
    await act(EVALUATE_CALLS.run, { id: record.id }, t('model-evaluate.actions.started'));
    onDone?.();
  };
  const button = (
    <Button
      size={compact ? 'small' : undefined}
      type={compact ? 'text' : 'default'}
      icon={<CaretRightOutlined aria-hidden />}
      loading={pending}
      aria-label={words}
      data-testid="evaluation-run"
      onClick={() => void run().catch(() => undefined)}
    >
      {compact ? null : words}
    </Button>
  );
  return compact ? <Tip title={words}>{button}</Tip> : button;
}
