import type { BaseRecord } from '@refinedev/core';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FieldRenderers } from '../../components/resource/field-format';
import { sceneCell } from '../record/renderers';
import { EmptyCell, InlineGroup, SecondaryText } from '../../components/resource/cells';
import { formatCount } from '../../components/charts/format';

const ASSESSMENT_COLORS: Record<string, string> = { '0': 'default', '1': 'success', '2': 'error' };

/** The operator's rating of a call: unrated, good or bad. */
export function AssessmentTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const key = String(value ?? 0);
  if (!(key in ASSESSMENT_COLORS)) return <Tag>{key}</Tag>;
  return <Tag color={ASSESSMENT_COLORS[key]}>{t(`prompt-call.enums.assessment.${key}`)}</Tag>;
}

export interface CallVariable {
  name: string;
  value: string;
}

/** The `variables` json of a call: `{ name, value }[]`; anything else reads as none. */
export function callVariables(value: unknown): CallVariable[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    .map((v) => ({
      name: String(v.name ?? ''),
      value: v.value === null || v.value === undefined ? '' : String(v.value),
    }));
}

export function VariableTags({ value }: { value: unknown }) {
  const variables = callVariables(value);
  if (!variables.length) return <EmptyCell />;
  return (
    <InlineGroup>
      {variables.map((v, i) => (
        <Tag key={`${v.name}-${i}`}>{`${v.name}=${v.value}`}</Tag>
      ))}
    </InlineGroup>
  );
}

/** A call's template: its title as the server answers it (`templateTitle`), else its id. */
export function TemplateLabel({ id, title }: { id: unknown; title: unknown }) {
  const { t } = useTranslation();
  if (typeof title === 'string' && title) return <span>{title}</span>;
  if (id === null || id === undefined || id === '') return <EmptyCell />;
  return <SecondaryText title={t('prompt-call.detail.templateGone')}>#{String(id)}</SecondaryText>;
}

/** "prompt / completion / total" of one call, with the locale's separators. */
export function tokenSummary(row: BaseRecord, locale: string): string {
  const n = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
  const prompt = n(row.promptTokens);
  const completion = n(row.completionTokens);
  const total = row.totalTokens === undefined ? prompt + completion : n(row.totalTokens);
  return [prompt, completion, total].map((v) => formatCount(v, locale)).join(' / ');
}

export const callRenderers: FieldRenderers = {
  assessment: (value) => <AssessmentTag value={value} />,
  variables: (value) => <VariableTags value={value} />,
  templateId: (value: unknown, row?: BaseRecord) => (
    <TemplateLabel id={value} title={row?.templateTitle} />
  ),
  sceneCode: sceneCell,
};

/** One column with the three token counts, since the list's cells see one value each. */
export function tokenColumns(t: TFunction, locale: string): ColumnsType<BaseRecord> {
  return [
    {
      key: '__tokens',
      title: t('prompt-call.list.tokens'),
      render: (_: unknown, row: BaseRecord) => tokenSummary(row, locale),
    },
  ];
}
