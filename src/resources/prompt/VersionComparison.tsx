import { Descriptions, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SideBySideDiff } from './SideBySideDiff';
import type { PromptVariable, PromptVersion } from './types';
import './prompt.css';

function variablesText(rows: PromptVariable[] | null | undefined): string {
  return (rows ?? [])
    .map((v) => {
      const extra =
        v.type === 'select'
          ? ` [${(v.options ?? []).join(', ')}]`
          : v.type === 'interface'
            ? ` ${v.url ?? ''}`
            : '';
      return `${v.fieldName} · ${v.name} · ${v.type}${extra}`;
    })
    .join('\n');
}

/** Fields besides the text that differ between two versions, older → newer. */
export function changedFields(older: PromptVersion, newer: PromptVersion) {
  const fields: { field: string; before: string; after: string }[] = [];
  const add = (field: string, before: unknown, after: unknown) => {
    const b = before === null || before === undefined ? '' : String(before);
    const a = after === null || after === undefined ? '' : String(after);
    if (a !== b) fields.push({ field, before: b, after: a });
  };
  add('title', older.title, newer.title);
  add('sceneCode', older.sceneCode, newer.sceneCode);
  add('type', older.type, newer.type);
  add('description', older.description, newer.description);
  add('variables', variablesText(older.variables), variablesText(newer.variables));
  return fields;
}

/**
 * Two versions compared: the text side by side, then the other fields that changed. The
 * history and the review show the same comparison.
 */
export function VersionComparison({
  older,
  newer,
  olderLabel,
  newerLabel,
}: {
  older: PromptVersion;
  newer: PromptVersion;
  olderLabel: ReactNode;
  newerLabel: ReactNode;
}) {
  const { t } = useTranslation();
  const changes = changedFields(older, newer);
  return (
    <Space direction="vertical" size="middle" className="prompt-history">
      <SideBySideDiff
        older={older.content}
        newer={newer.content}
        olderLabel={olderLabel}
        newerLabel={newerLabel}
      />
      <Typography.Title level={5}>{t('prompt.history.changedFields')}</Typography.Title>
      {changes.length ? (
        <Descriptions bordered size="small" column={1}>
          {changes.map((c) => (
            <Descriptions.Item key={c.field} label={t(`prompt.fields.${c.field}`)}>
              <div className="prompt-history__change">
                <span className="prompt-diff__cell--removed">{c.before || '-'}</span>
                <span aria-hidden>→</span>
                <span className="prompt-diff__cell--added">{c.after || '-'}</span>
              </div>
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{t('prompt.history.noChanges')}</Typography.Text>
      )}
    </Space>
  );
}
