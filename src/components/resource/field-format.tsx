import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { FieldDef, ResourceDef } from '../../../contract/resource';

/** Replaces the generic rendering of some fields; undefined falls back to it. */
export type FieldRenderers = Partial<Record<string, (value: unknown) => ReactNode | undefined>>;

export function fieldLabel(t: TFunction, def: ResourceDef, field: string): string {
  return t(`${def.name}.fields.${field}`);
}

export function enumLabel(t: TFunction, def: ResourceDef, field: string, value: unknown): string {
  return t(`${def.name}.enums.${field}.${String(value)}`, { defaultValue: String(value) });
}

/** Dates travel as UTC ISO strings and show in the browser's zone. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm:ss') : value;
}

export function renderValue(
  t: TFunction,
  def: ResourceDef,
  field: FieldDef,
  value: unknown,
): ReactNode {
  if (value === null || value === undefined || value === '') {
    return <Typography.Text type="secondary">-</Typography.Text>;
  }
  switch (field.type) {
    case 'enum':
      return <Tag color="processing">{enumLabel(t, def, field.name, value)}</Tag>;
    case 'boolean':
      return value ? t('common.yes') : t('common.no');
    case 'datetime':
      return formatDateTime(value);
    case 'text':
      return (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: String(value) }} style={{ margin: 0 }}>
          {String(value)}
        </Typography.Paragraph>
      );
    default:
      return String(value);
  }
}
