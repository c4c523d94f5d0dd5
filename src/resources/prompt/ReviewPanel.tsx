import { CheckOutlined, CloseOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackMessage } from '../../providers/feedback';
import { usePromptCall } from './api';
import { LIMITS, type PromptRecord, type PromptVersion } from './types';
import { GateCard, useGateStatus } from './GateCard';
import { VersionComparison } from './VersionComparison';

/**
 * Asks for a reason (1–500 characters) and sends it: why a version is rejected, or why it is
 * approved although its release gate has not passed.
 */
function ReasonDialog({
  open,
  kind,
  number,
  pending,
  onCancel,
  onReject,
}: {
  open: boolean;
  kind: 'reject' | 'override';
  number: number | null | undefined;
  pending: boolean;
  onCancel(): void;
  onReject(reason: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      destroyOnHidden
      title={t(kind === 'reject' ? 'prompt.review.rejectTitle' : 'prompt.gate.overrideTitle', {
        n: number ?? '',
      })}
      okText={t(kind === 'reject' ? 'prompt.review.reject' : 'prompt.gate.override')}
      okButtonProps={{ danger: true, loading: pending }}
      cancelText={t('buttons.cancel')}
      onCancel={onCancel}
      onOk={() =>
        void form
          .validateFields()
          .then(({ reason }) => onReject(reason.trim()))
          .catch(() => undefined)
      }
    >
      <Form form={form} layout="vertical" preserve={false}>
        {kind === 'override' && (
          <Alert type="warning" showIcon message={t('prompt.gate.overrideHint')} />
        )}
        <Form.Item
          name="reason"
          label={t(kind === 'reject' ? 'prompt.review.reason' : 'prompt.gate.overrideReason')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t(
                kind === 'reject' ? 'prompt.review.reasonRequired' : 'prompt.gate.overrideRequired',
              ),
            },
            {
              max: LIMITS.reason,
              message: t('prompt.review.reasonTooLong', { max: LIMITS.reason }),
            },
          ]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={LIMITS.reason}
            showCount
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The candidate's column heading by its state. */
const CANDIDATE_SIDE = {
  draft: 'prompt.review.draftSide',
  pending: 'prompt.review.pendingSide',
  rejected: 'prompt.review.rejectedSide',
} as const;

/**
 * Approval of a platform template's newer version: submit a draft or a rejected version; while
 * it waits, whoever may approve approves or rejects it. Submitter and reviewer alike see the
 * version against the live one.
 */
export function ReviewPanel({
  record,
  versions,
  canReview,
  canSubmit,
  onChanged,
}: {
  record: PromptRecord;
  versions: PromptVersion[];
  canReview: boolean;
  canSubmit: boolean;
  onChanged(updated: PromptRecord): void;
}) {
  const { t } = useTranslation();
  const { call, pending } = usePromptCall();
  const [asking, setAsking] = useState<'reject' | 'override' | null>(null);
  const state = record.reviewState ?? 'none';
  const { gate, refetch: refetchGate } = useGateStatus(record.id, state === 'pending');
  const gated = !!gate && gate.state !== 'none';
  const gatePassed = !gate || gate.state === 'none' || gate.state === 'passed';
  const n = record.pendingVersion;
  const candidate = versions.find((v) => v.number === n);
  const live =
    versions.find((v) => v.number === record.liveVersion) ??
    versions.find((v) => v.state === 'live');

  const run = async (
    name: 'submit' | 'approve' | 'reject',
    done: string,
    extra: { reason?: string; override?: string } = {},
  ) => {
    try {
      const updated = await call(name, { id: record.id, version: record.version, ...extra });
      void feedbackMessage().success(done);
      setAsking(null);
      onChanged(updated);
    } catch {
      // the interceptor has shown why
    }
  };

  if (state === 'none') {
    return <Empty description={t('prompt.review.none')} />;
  }

  return (
    <Space direction="vertical" size="middle" className="prompt-history">
      {state === 'draft' && (
        <Alert type="info" showIcon message={t('prompt.review.draftBanner', { n: n ?? '' })} />
      )}
      {state === 'rejected' && (
        <Alert
          type="error"
          showIcon
          message={t('prompt.review.rejectedBanner', { n: n ?? '' })}
          description={
            <>
              <Typography.Text strong>{t('prompt.review.reason')}: </Typography.Text>
              {candidate?.reason ?? '-'}
              {candidate?.reviewerName ? ` (${candidate.reviewerName})` : ''}
            </>
          }
        />
      )}
      {state === 'pending' && (
        <Alert type="warning" showIcon message={t('prompt.review.waiting', { n: n ?? '' })} />
      )}
      {(state === 'draft' || state === 'rejected') && canSubmit && (
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          loading={pending}
          onClick={() => void run('submit', t('prompt.review.submitted'))}
        >
          {t('prompt.review.submit')}
        </Button>
      )}
      {state === 'pending' && gated && gate && (
        <GateCard
          id={record.id}
          gate={gate}
          canRun={canSubmit}
          onStarted={() => void refetchGate()}
        />
      )}
      {candidate && live && (
        <VersionComparison
          older={live}
          newer={candidate}
          olderLabel={t('prompt.review.liveSide', { n: live.number })}
          newerLabel={t(CANDIDATE_SIDE[state], { n: candidate.number })}
        />
      )}
      {state === 'pending' && canReview && (
        <>
          <Space>
            {gatePassed ? (
              <Button
                type="primary"
                icon={<CheckOutlined aria-hidden />}
                loading={pending}
                onClick={() => void run('approve', t('prompt.review.approved'))}
              >
                {t('prompt.review.approve')}
              </Button>
            ) : (
              <Button
                danger
                icon={<CheckOutlined aria-hidden />}
                onClick={() => setAsking('override')}
              >
                {t('prompt.gate.approveAnyway')}
              </Button>
            )}
            <Button danger icon={<CloseOutlined aria-hidden />} onClick={() => setAsking('reject')}>
              {t('prompt.review.reject')}
            </Button>
          </Space>
          <ReasonDialog
            open={asking !== null}
            kind={asking ?? 'reject'}
            number={n}
            pending={pending}
            onCancel={() => setAsking(null)}
            onReject={(reason) =>
              void (asking === 'override'
                ? run('approve', t('prompt.review.approved'), { override: reason })
                : run('reject', t('prompt.review.rejected'), { reason }))
            }
          />
        </>
      )}
    </Space>
  );
}
