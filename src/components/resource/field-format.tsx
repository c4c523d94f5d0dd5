import type { BaseRecord } from '@refinedev/core';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatFigure } from '../../../contract/figures';
import { SECRET_MASK, type FieldDef, type ResourceDef } from '../../../contract/resource';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../../contract/statistics-calendar';
import { currentLocale } from '../../providers/i18n';
import { ClampedText, EmptyCell, HoverTip, InlineGroup } from './cells';
import { OptionLabel, OptionTags } from './field-options';

/**
 * Replaces the generic rendering of some fields; undefined falls back to it. Lists also pass the
 * row, for cells that combine fields.
 */
export type FieldRenderers = Partial<
  Record<string, (value: unknown, record?: BaseRecord) => ReactNode | undefined>
>;

/** A reference field's target, read without relying on the declaration type having it yet. */
export interface ReferenceSpec {
  resource: string;
  key: string;
  label: string;
  as: string;
}

export function referenceOf(field: FieldDef): ReferenceSpec | undefined {
  const ref = (field as { reference?: Partial<ReferenceSpec> }).reference;
  return ref?.resource && ref.key && ref.label && ref.as ? (ref as ReferenceSpec) : undefined;
}

/** JSON values in a cell: one line, cut at this many characters. */
const JSON_CELL_CHARS = 80;

export function compactJson(value: unknown, max = JSON_CELL_CHARS): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Values whose list call answers a label other than the value itself (plugin code → name). */
function labelled(field: FieldDef): boolean {
  return !!field.optionsFrom && field.optionsFrom.label !== field.optionsFrom.value;
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

export function fieldLabel(t: TFunction, def: ResourceDef, field: string): string {
  return t(`${def.name}.fields.${field}`);
}

export function enumLabel(t: TFunction, def: ResourceDef, field: string, value: unknown): string {
  return t(`${def.name}.enums.${field}.${String(value)}`, { defaultValue: String(value) });
}

/**
 * The zone the console shows times in: the browser's (formatDateTime), else the platform's. A
 * CSV export asks for its times in it, so the file reads like the screen.
 */
export function displayTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
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
  record?: BaseRecord,
): ReactNode {
  // A secret is never answered: records say only whether one is set.
  if (field.type === 'secret') {
    return value === SECRET_MASK ? (
      <Typography.Text className="resource-cell__secret">{SECRET_MASK}</Typography.Text>
    ) : (
      <Typography.Text type="secondary">{t('common.notSet')}</Typography.Text>
    );
  }
  if (value === null || value === undefined || value === '') return <EmptyCell />;
  // Compared as a string: the declaration's type may not list the newer kinds yet.
  switch (field.type as string) {
    case 'reference': {
      const ref = referenceOf(field);
      const label = ref ? record?.[ref.as] : undefined;
      if (label === null || label === undefined || label === '') return String(value);
      return (
        <HoverTip title={String(value)}>
          <span>{String(label)}</span>
        </HoverTip>
      );
    }
    case 'tags': {
      const tags = Array.isArray(value) ? value : [value];
      if (labelled(field)) return <OptionTags field={field} values={tags} />;
      if (!tags.length) return <EmptyCell />;
      return (
        <InlineGroup>
          {tags.map((tag) => (
            <Tag key={String(tag)}>{String(tag)}</Tag>
          ))}
        </InlineGroup>
      );
    }
    case 'json': {
      const full = compactJson(value, Infinity);
      const cell = <span className="cell-code resource-cell__json">{compactJson(value)}</span>;
      return full.length > JSON_CELL_CHARS ? <HoverTip title={full}>{cell}</HoverTip> : cell;
    }
    case 'url': {
      const url = String(value);
      // Only web links become links: a stored `javascript:` must not run on click.
      if (!isHttpUrl(url)) return url;
      return (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {url}
        </a>
      );
    }
    case 'enum':
      return <Tag color="processing">{enumLabel(t, def, field.name, value)}</Tag>;
    case 'boolean':
      return value ? t('common.yes') : t('common.no');
    case 'number':
      // Declared decimals round as every export does (contract/figures.ts).
      if (field.decimals !== undefined) {
        return formatFigure(value as number | string, field.decimals, { locale: currentLocale() });
      }
      return Number(value).toLocaleString(undefined, { maximumFractionDigits: 6 });
    case 'datetime':
      return formatDateTime(value);
    case 'text':
      return <ClampedText text={String(value)} />;
    default:
      if (labelled(field)) return <OptionLabel field={field} value={value} />;
      return String(value);
  }
}
