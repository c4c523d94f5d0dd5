import { Alert, Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../contract/api';
import type { ModelErrorKind } from '../../../contract/model-providers';
import { post } from '../users/api';

interface TryAnswer {
  answer?: string;
  promptTokens?: number;
  completionTokens?: number;
  tokensEstimated?: boolean;
  ttftMs?: number | null;
  latencyMs?: number;
  error?: { kind: ModelErrorKind; message: string };
}

/** Sends a short prompt to one model version and shows its answer or why there is none. */
export function TryDialog({
  version,
  onClose,
}: {
  version: { id: number; version: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<TryAnswer | null>(null);
  const close = () => {
    setAnswer(null);
    onClose();
  };

  useEffect(() => {
    if (!version) return;
    let current = true;
    post<TryAnswer>(apiPath('model', 'version', 'test'), { id: version.id }).then(
      (a) => current && setAnswer(a),
      // The interceptor has shown the server's reason.
      () => current && onClose(),
    );
    return () => {
      current = false;
    };
  }, [version, onClose]);

  return (
    <Modal
      open={!!version}
      title={version ? t('model-version.test.title', { version: version.version }) : ''}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="model-version-try">
        {!answer && <Spin tip={t('model-version.test.running')}>&nbsp;</Spin>}
        {answer?.error && (
          <Alert
            type="error"
            showIcon
            message={t(`model-version.errors.${answer.error.kind}`)}
            description={answer.error.message}
          />
        )}
        {answer && !answer.error && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('model-version.test.answer')}>
              <Typography.Paragraph className="model-version-try__answer">
                {answer.answer}
              </Typography.Paragraph>
            </Descriptions.Item>
            <Descriptions.Item label={t('model-version.test.usage')}>
              {t('model-version.test.figures', {
                ttft: answer.ttftMs ?? '-',
                latency: answer.latencyMs,
                prompt: answer.promptTokens,
                completion: answer.completionTokens,
              })}
              {answer.tokensEstimated ? ` ${t('model-version.test.estimated')}` : ''}
            </Descriptions.Item>
          </Descriptions>
        )}
      </div>
    </Modal>
  );
}
