import { useInvalidate, type BaseRecord } from '@refinedev/core';
import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_LABELS, type ItemLabel } from '../../../contract/resources/corpus-item';
import { feedbackMessage } from '../../providers/feedback';
import { isConflict } from '../record/conflict';
import { useCorpusCall } from './api';

type Decision = 'accept' | 'correct';

interface ReviewValues {
  decision: Decision;
  label?: ItemLabel;
  recommendedAnswer?: string;
  comment?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Items a reviewer acts on: labelled (annotated) or labelled differently (disputed). */
export function reviewable(item: BaseRecord): boolean {
  return item.status === 'annotated' || item.status === 'disputed';
}

/**
 * Accept an item's annotation as it is, or correct it (label, recommended answer, comment).
 * A disputed item has no agreed label to accept, so it starts on "correct".
 */
export function ReviewModal(props: { item: BaseRecord | null; onClose(): void; onDone?(): void }) {
  const { t } = useTranslation();
  const { item } = props;
  const [form] = Form.useForm<ReviewValues>();
  const { call, pending } = useCorpusCall();
  const invalidate = useInvalidate();
  const [conflict, setConflict] = useState(false);
  const decision = Form.useWatch('decision', form);

  const submit = async (values: ReviewValues) => {
    if (!item) return;
    const body: Record<string, unknown> = {
      id: item.id,
      version: item.version,
      decision: values.decision,
    };
    if (values.decision === 'correct') {
      body.label = values.label;
      body.recommendedAnswer = values.recommendedAnswer?.trim() ? values.recommendedAnswer : null;
    }
    if (values.comment?.trim()) body.comment = values.comment;
    try {
      await call('review', body);
      void feedbackMessage().success(t('corpus.review.done'));
      void invalidate({ resource: 'corpus-item', invalidates: ['list', 'detail'], id: item.id });
      void invalidate({ resource: 'corpus', invalidates: ['list'] });
      setConflict(false);
      props.onDone?.();
      props.onClose();
    } catch (err) {
      setConflict(isConflict(err));
    }
  };

  return (
    <Modal
      open={!!item}
      title={t('corpus.review.title')}
      okText={t('corpus.review.submit')}
      cancelText={t('buttons.cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={() => {
        setConflict(false);
        props.onClose();
      }}
      destroyOnHidden
    >
      {item && (
        <Form<ReviewValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            decision: item.status === 'disputed' ? 'correct' : 'accept',
            label: item.label ?? undefined,
            recommendedAnswer: text(item.recommendedAnswer),
            comment: '',
          }}
          onFinish={(v) => void submit(v)}
        >
          {conflict && (
            <Alert
              type="warning"
              showIcon
              role="alert"
              className="corpus-review__conflict"
              message={t('corpus.review.conflict')}
            />
          )}
          <Typography.Paragraph
            ellipsis={{ rows: 3, tooltip: text(item.question) }}
            className="corpus-review__question"
          >
            {text(item.question)}
          </Typography.Paragraph>
          <Form.Item name="decision" label={t('corpus.review.decision')}>
            <Radio.Group
              optionType="button"
              options={[
                {
                  value: 'accept',
                  label: t('corpus.review.accept'),
                  disabled: item.status === 'disputed',
                },
                { value: 'correct', label: t('corpus.review.correct') },
              ]}
            />
          </Form.Item>
          {decision === 'correct' && (
            <>
              <Form.Item
                name="label"
                label={t('corpus-item.fields.label')}
                rules={[{ required: true, message: t('corpus.review.labelRequired') }]}
              >
                <Radio.Group
                  options={ITEM_LABELS.map((l) => ({
                    value: l,
                    label: t(`corpus-item.enums.label.${l}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name="recommendedAnswer" label={t('corpus-item.fields.recommendedAnswer')}>
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={20_000} />
              </Form.Item>
            </>
          )}
          <Form.Item name="comment" label={t('corpus-item.fields.comment')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
