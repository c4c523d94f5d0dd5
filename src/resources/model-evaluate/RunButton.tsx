import { CaretRightOutlined } from '@ant-design/icons';
import { useInvalidate, type BaseRecord } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Tip } from '../../components/Tip';
import { modelEvaluate } from '../../../contract/resources/model-evaluate';
import { feedbackMessage } from '../../providers/feedback';
import { EVALUATE_CALLS, useEvaluateCall } from './api';

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
  const { call, pending } = useEvaluateCall();
  const invalidate = useInvalidate();
  const words = t(
    record.state === 'pending' ? 'model-evaluate.actions.run' : 'model-evaluate.actions.runAgain',
  );
  const run = async () => {
    await call(EVALUATE_CALLS.run, { id: record.id });
    void feedbackMessage().success(t('model-evaluate.actions.started'));
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
