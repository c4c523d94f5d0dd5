import { DatePicker, Empty, Input, InputNumber, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { renderTemplate } from './placeholders';
import type { PromptVariable } from './types';
import './prompt.css';

/** A sample-value input shaped by the variable's type (the preview's and the playground's). */
export function SampleInput({
  variable,
  value,
  onChange,
}: {
  variable: PromptVariable;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const label = t('prompt.preview.sample', { name: variable.name || variable.fieldName });
  const common = { id, 'aria-label': label, className: 'prompt-preview__control' };
  let control;
  switch (variable.type) {
    case 'number':
      control = (
        <InputNumber
          {...common}
          value={value === undefined || value === '' ? null : Number(value)}
          onChange={(v) => onChange(v === null || v === undefined ? undefined : String(v))}
        />
      );
      break;
    case 'select':
      control = (
        <Select
          {...common}
          allowClear
          value={value}
          onChange={(v: string | undefined) => onChange(v)}
          options={(variable.options ?? []).map((o) => ({ value: o, label: o }))}
        />
      );
      break;
    case 'date':
      control = (
        <DatePicker
          {...common}
          onChange={(d: Dayjs | null) => onChange(d ? d.format('YYYY-MM-DD') : undefined)}
        />
      );
      break;
    default:
      control = (
        <Input {...common} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />
      );
  }
  return (
    <div className="prompt-preview__field">
      <label htmlFor={id}>
        {variable.name || variable.fieldName}{' '}
        {/* In the text colour: secondary grey on the code's grey box read 4.2:1 in the dark. */}
        <Typography.Text code>{`{{${variable.fieldName}}}`}</Typography.Text>
      </label>
      {control}
      {variable.type === 'interface' && (
        <Typography.Text type="secondary">
          {t('prompt.preview.interfaceHint', { url: variable.url || '-' })}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * The template rendered with sample values typed in per variable; an empty value shows as
 * ‹fieldName›. Nothing is sent anywhere.
 */
export function PromptPreview({
  content,
  variables,
}: {
  content: string;
  variables: readonly Partial<PromptVariable>[];
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string | undefined>>({});
  const rows = variables.filter(
    (v): v is PromptVariable => typeof v?.fieldName === 'string' && v.fieldName.trim() !== '',
  );
  const parts = useMemo(() => renderTemplate(content, values), [content, values]);
  return (
    <section aria-label={t('prompt.preview.title')}>
      {rows.map((v, i) => (
        <SampleInput
          key={`${i}-${v.fieldName}`}
          variable={v}
          value={values[v.fieldName]}
          onChange={(value) => setValues((old) => ({ ...old, [v.fieldName]: value }))}
        />
      ))}
      <Typography.Text strong>{t('prompt.preview.output')}</Typography.Text>
      <div className="prompt-preview__output" role="status" aria-label={t('prompt.preview.output')}>
        {content ? (
          parts.map((p, i) =>
            p.kind === 'text' ? (
              p.text
            ) : (
              <span
                key={i}
                className={p.kind === 'value' ? 'prompt-preview__value' : 'prompt-preview__empty'}
              >
                {p.text}
              </span>
            ),
          )
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('prompt.preview.empty')} />
        )}
      </div>
    </section>
  );
}
