import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Alert, Button, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '../../../contract/envelope';
import { MAX_IMPORT_CHARS, MAX_IMPORT_ROWS } from '../../../contract/endpoint-schemas';
import { saveBlob } from '../../providers/download';
import { feedbackMessage } from '../../providers/feedback';
import { importFormatOf, importItems, type ImportFormat } from './api';

/** The columns an import reads, in the order the sample has them. */
export const IMPORT_COLUMNS = ['question', 'answer', 'recommendedAnswer', 'tags'] as const;

/** A cell as CSV writes it: quoted when it holds a separator, a quote or a line break. */
function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The sample file of a format: the header (CSV) and two rows in the operator's language. */
export function sampleFile(
  format: ImportFormat,
  rows: { question: string; answer: string; recommendedAnswer: string; tags: string[] }[],
): string {
  if (format === 'jsonl') return rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const lines = [IMPORT_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [r.question, r.answer, r.recommendedAnswer, r.tags.join(';')].map(csvCell).join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

interface Chosen {
  name: string;
  format: ImportFormat;
  content: string;
}

/**
 * Imports a CSV or JSONL file into a set. A refused file lists every bad row the server named
 * (nothing was imported); a good one says how many items came in and refreshes the set.
 */
export function ImportModal(props: {
  corpusId: number;
  open: boolean;
  onClose(): void;
  onImported(count: number): void;
}) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [issues, setIssues] = useState<FieldIssue[] | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setChosen(null);
    setProblem(null);
    setIssues(null);
  };
  const close = () => {
    reset();
    props.onClose();
  };

  const choose = async (file: File) => {
    reset();
    const format = importFormatOf(file.name);
    if (!format) {
      setProblem(t('corpus.import.badExtension'));
      return;
    }
    const content = await file.text();
    if (content.length > MAX_IMPORT_CHARS) {
      setProblem(t('corpus.import.tooLarge'));
      return;
    }
    setChosen({ name: file.name, format, content });
  };

  const send = async () => {
    if (!chosen) return;
    setBusy(true);
    setIssues(null);
    try {
      const outcome = await importItems({
        corpusId: props.corpusId,
        format: chosen.format,
        content: chosen.content,
      });
      if (!outcome.ok) {
        setIssues(
          outcome.issues.length ? outcome.issues : [{ field: '', message: outcome.message }],
        );
        return;
      }
      void feedbackMessage().success(t('corpus.import.done', { count: outcome.count }));
      void invalidate({ resource: 'corpus-item', invalidates: ['list'] });
      void invalidate({ resource: 'corpus', invalidates: ['list', 'detail'], id: props.corpusId });
      props.onImported(outcome.count);
      close();
    } catch {
      // The http interceptor has already said what failed.
    } finally {
      setBusy(false);
    }
  };

  const sampleRows = [1, 2].map((n) => ({
    question: t(`corpus.import.sample.question${n}`),
    answer: t(`corpus.import.sample.answer${n}`),
    recommendedAnswer: n === 1 ? t('corpus.import.sample.recommended1') : '',
    tags: t(`corpus.import.sample.tags${n}`).split(','),
  }));
  const download = (format: ImportFormat) =>
    saveBlob(
      new Blob([format === 'csv' ? '\uFEFF' : '', sampleFile(format, sampleRows)], {
        type: format === 'csv' ? 'text/csv;charset=utf-8' : 'application/x-ndjson',
      }),
      `corpus-sample.${format}`,
    );

  return (
    <Modal
      open={props.open}
      title={t('corpus.import.title')}
      onCancel={close}
      destroyOnHidden
      okText={t('corpus.import.submit')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ disabled: !chosen, loading: busy }}
      onOk={() => void send()}
      width={640}
    >
      <Space direction="vertical" size={12} className="corpus-import">
        <Typography.Paragraph className="corpus-import__help">
          {t('corpus.import.help', { max: MAX_IMPORT_ROWS })}
        </Typography.Paragraph>
        <ul className="corpus-import__columns">
          {IMPORT_COLUMNS.map((c) => (
            <li key={c}>
              <Typography.Text code>{c}</Typography.Text> {t(`corpus.import.columns.${c}`)}
            </li>
          ))}
        </ul>
        <Space wrap>
          <Button
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => download('csv')}
          >
            {t('corpus.import.sampleCsv')}
          </Button>
          <Button
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => download('jsonl')}
          >
            {t('corpus.import.sampleJsonl')}
          </Button>
        </Space>
        <Upload.Dragger
          accept=".csv,.jsonl,.ndjson"
          multiple={false}
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            // Read here and sent as text by the import call: nothing is uploaded as a file.
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined aria-hidden />
          </p>
          <p className="ant-upload-text">{t('corpus.import.choose')}</p>
          {chosen && (
            <p className="ant-upload-hint" data-testid="import-chosen">
              {t('corpus.import.chosen', {
                name: chosen.name,
                format: chosen.format.toUpperCase(),
              })}
            </p>
          )}
        </Upload.Dragger>
        {problem && <Alert type="error" showIcon message={problem} />}
        {issues && (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={t('corpus.import.refused')}
            description={
              <ul aria-label={t('corpus.import.issues')} className="corpus-import__issues">
                {issues.map((issue, i) => (
                  <li key={i}>
                    {issue.field && issue.field !== 'content' ? (
                      <>
                        <Typography.Text code>{issue.field}</Typography.Text> {issue.message}
                      </>
                    ) : (
                      issue.message
                    )}
                  </li>
                ))}
              </ul>
            }
          />
        )}
      </Space>
    </Modal>
  );
}
