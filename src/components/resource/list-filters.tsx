import { ClearOutlined } from '@ant-design/icons';
import { useList, type CrudFilter, type CrudOperators } from '@refinedev/core';
import { Button, DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { allFields, type FieldDef, type ResourceDef } from '../../../contract/resource';
import { resourceByName } from '../../resources/registry';
import { KEYWORD_FIELD } from '../../providers/data';
import { useAccess } from '../../resources/view';
import { enumLabel, fieldLabel, referenceOf } from './field-format';
import { useFieldOptions } from './field-options';
import { filterControlOf, filterValueOf, type FilterControl } from './filter-values';
import { TagsSelect, type TagsWithin } from './TagsSelect';

type SetFilters = (filters: CrudFilter[], behavior?: 'merge' | 'replace') => void;

/** Options of a reference filter: the first rows of the target, enough for a pick list. */
const REFERENCE_OPTIONS = 100;

/** The filter controls a list shows: declared filters minus those fixed or hidden. */
export function filterControls(def: ResourceDef, hidden: ReadonlySet<string>): FilterControl[] {
  return allFields(def)
    .filter((f) => !hidden.has(f.name))
    .map(filterControlOf)
    .filter((c): c is FilterControl => !!c);
}

/**
 * A filter's width: its base, or wider so that its placeholder, the field's name, shows whole
 * ("Assigned annotators" read "Assigned ann…" at 180 px). `chrome` is what the control draws
 * beside the text: padding, clear icon, arrow or search button. Estimated rather than measured
 * (no layout pass per control): at 14 px a CJK character is 14 px wide, others about 7.5.
 */
export function filterWidth(label: string, base: number, chrome: number): number {
  return Math.max(base, Math.ceil(textWidth(label) + chrome));
}

/** The estimated width of a line of 14 px text. */
function textWidth(label: string): number {
  let width = 0;
  for (const ch of label) width += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 14 : 7.5;
  return width;
}

/**
 * A day range's width: antd's 292 px, or wider so that both placeholders show whole
 * ("Last message at from" was cut). Its two inputs share the width equally.
 */
export function rangeWidth(from: string, to: string): number {
  return Math.max(292, Math.ceil(2 * Math.max(textWidth(from), textWidth(to)) + RANGE_CHROME));
}

/** Beside the text: padding 22, the clear icon 20 and the search button 32. */
const SEARCH_CHROME = 74;
/** Padding 22 and the arrow or clear icon 30. */
const SELECT_CHROME = 52;
/** Padding 22 and the step buttons 22. */
const NUMBER_CHROME = 44;
/** A day range beside its two texts: padding, the arrow between them and the calendar icon. */
const RANGE_CHROME = 74;

/** `[gte, lte]` filters for a day range: from the first day's start to the last day's end. */
export function rangeFilters(field: string, range: [Dayjs | null, Dayjs | null] | null) {
  return [
    { field, operator: 'gte', value: range?.[0]?.startOf('day').toISOString() },
    { field, operator: 'lte', value: range?.[1]?.endOf('day').toISOString() },
  ] as CrudFilter[];
}

/**
 * Text typed into a control, sent when committed (Enter, the search button, leaving the field,
 * clearing) rather than at every key, and reset when the filter changes from elsewhere.
 */
function useDraft(committed: string): [string, (v: string) => void] {
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (seen !== committed) {
    setSeen(committed);
    setDraft(committed);
  }
  return [draft, setDraft];
}

function TextFilter(props: {
  label: string;
  value: unknown;
  width: number;
  onCommit: (value: string) => void;
}) {
  const committed = typeof props.value === 'string' ? props.value : '';
  const [draft, setDraft] = useDraft(committed);
  const commit = (v: string) => {
    if (v.trim() !== committed) props.onCommit(v.trim());
  };
  return (
    <Input.Search
      allowClear
      placeholder={props.label}
      aria-label={props.label}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      // Also called by the clear button (antd's Search), so clearing applies at once.
      onSearch={commit}
      onBlur={() => commit(draft)}
      style={{ width: filterWidth(props.label, props.width, SEARCH_CHROME) }}
    />
  );
}

function NumberFilter(props: {
  label: string;
  value: unknown;
  onCommit: (value: number | undefined) => void;
}) {
  const committed = typeof props.value === 'number' ? String(props.value) : '';
  const [draft, setDraft] = useDraft(committed);
  const commit = () => {
    if (draft === committed) return;
    const n = Number(draft);
    props.onCommit(draft === '' || !Number.isFinite(n) ? undefined : n);
  };
  return (
    <InputNumber<string>
      stringMode
      placeholder={props.label}
      aria-label={props.label}
      value={draft}
      onChange={(v) => setDraft(v ?? '')}
      onPressEnter={commit}
      onBlur={commit}
      style={{ width: filterWidth(props.label, 140, NUMBER_CHROME) }}
    />
  );
}

function ReferenceFilter(props: {
  field: FieldDef;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const ref = referenceOf(props.field)!;
  const { canDo } = useAccess();
  const target = resourceByName(ref.resource);
  const mayList = canDo(ref.resource, 'list');
  const { result, query } = useList({
    resource: ref.resource,
    pagination: { currentPage: 1, pageSize: REFERENCE_OPTIONS },
    // Every row the caller may see, whatever scoped view of the target refine finds first.
    meta: { prefix: target?.prefix ?? ref.resource, scope: undefined },
    queryOptions: { enabled: mayList },
    errorNotification: false,
  });
  // A role that may not list the target types the key instead of picking it.
  if (!mayList) {
    return ref.key === 'id' ? (
      <NumberFilter label={props.label} value={props.value} onCommit={props.onChange} />
    ) : (
      <TextFilter label={props.label} value={props.value} width={180} onCommit={props.onChange} />
    );
  }
  const options = (query.isError ? [] : result.data).map((row) => {
    const key = row[ref.key] as string | number;
    const label: unknown = row[ref.label];
    return {
      value: key,
      label: label === null || label === undefined ? String(key) : String(label),
    };
  });
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      loading={query.isLoading && mayList}
      style={{ minWidth: filterWidth(props.label, 180, SELECT_CHROME) }}
      placeholder={props.label}
      aria-label={props.label}
      value={props.value as string | number | undefined}
      onChange={(v) => props.onChange(v)}
      options={options}
    />
  );
}

/** A filter whose values a list call offers (FieldDef.optionsFrom), e.g. model versions. */
function ChoicesFilter(props: {
  field: FieldDef;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { options, loading } = useFieldOptions(props.field);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      loading={loading}
      style={{ minWidth: filterWidth(props.label, 180, SELECT_CHROME) }}
      placeholder={props.label}
      aria-label={props.label}
      value={props.value as string | undefined}
      onChange={(v) => props.onChange(v)}
      options={options}
    />
  );
}

export interface ListFiltersProps {
  def: ResourceDef;
  filters: CrudFilter[];
  setFilters: SetFilters;
  /** Field names that get no control (fixed by the route, the page, or hidden by it). */
  hidden: ReadonlySet<string>;
  /** The page's own controls, first. */
  toolbar?: ReactNode;
  /** The rows a tags filter counts the tags in use of: the list's scope and fixed filters. */
  within?: TagsWithin;
}

/** The list's filter toolbar: the page's controls, keyword, one control per declared filter. */
export function ListFilters({
  def,
  filters,
  setFilters,
  hidden,
  toolbar,
  within,
}: ListFiltersProps) {
  const { t } = useTranslation();
  const controls = filterControls(def, hidden);
  const hasKeyword = allFields(def).some((f) => f.search);
  const set = (field: string, operator: CrudOperators, value: unknown) =>
    setFilters([{ field, operator, value } as CrudFilter], 'merge');
  const active = filters.some(
    (f) => 'field' in f && !hidden.has(f.field) && f.value !== undefined && f.value !== '',
  );

  const control = (c: FilterControl) => {
    const { name } = c.field;
    const label = fieldLabel(t, def, name);
    switch (c.kind) {
      case 'enum':
        return (
          <Select
            key={name}
            allowClear
            style={{ minWidth: filterWidth(label, 160, SELECT_CHROME) }}
            placeholder={label}
            aria-label={label}
            value={filterValueOf(filters, name, 'eq') as string | number | undefined}
            onChange={(v) => set(name, 'eq', v)}
            options={(c.field.options ?? []).map((o) => ({
              value: o,
              label: enumLabel(t, def, name, o),
            }))}
          />
        );
      case 'range': {
        const from = filterValueOf(filters, name, 'gte');
        const to = filterValueOf(filters, name, 'lte');
        const day = (v: unknown) => (typeof v === 'string' && dayjs(v).isValid() ? dayjs(v) : null);
        const fromText = t('table.rangeFrom', { field: label });
        const toText = t('table.rangeTo', { field: label });
        return (
          <DatePicker.RangePicker
            key={name}
            allowEmpty={[true, true]}
            aria-label={label}
            placeholder={[fromText, toText]}
            style={{ width: rangeWidth(fromText, toText) }}
            value={from || to ? [day(from), day(to)] : null}
            onChange={(range) => setFilters(rangeFilters(name, range), 'merge')}
          />
        );
      }
      case 'reference':
        return (
          <ReferenceFilter
            key={name}
            field={c.field}
            label={label}
            value={filterValueOf(filters, name, 'eq')}
            onChange={(v) => set(name, 'eq', v)}
          />
        );
      case 'choices':
        return (
          <ChoicesFilter
            key={name}
            field={c.field}
            label={label}
            value={filterValueOf(filters, name, 'eq')}
            onChange={(v) => set(name, 'eq', v)}
          />
        );
      case 'tags': {
        const value = filterValueOf(filters, name, 'eq');
        return (
          <TagsSelect
            key={name}
            def={def}
            field={name}
            within={within}
            placeholder={label}
            aria-label={label}
            style={{ minWidth: filterWidth(label, 180, SELECT_CHROME) }}
            value={typeof value === 'string' && value ? value : undefined}
            onChange={(v) => set(name, 'eq', v)}
          />
        );
      }
      case 'number':
        return (
          <NumberFilter
            key={name}
            label={label}
            value={filterValueOf(filters, name, 'eq')}
            onCommit={(v) => set(name, 'eq', v)}
          />
        );
      case 'text':
        return (
          <TextFilter
            key={name}
            label={label}
            width={180}
            value={filterValueOf(filters, name, c.operator)}
            onCommit={(v) => set(name, c.operator, v)}
          />
        );
    }
  };

  return (
    <>
      {toolbar}
      {hasKeyword && (
        <TextFilter
          label={t('table.keyword')}
          width={260}
          value={filterValueOf(filters, KEYWORD_FIELD)}
          onCommit={(v) => set(KEYWORD_FIELD, 'eq', v)}
        />
      )}
      {controls.map(control)}
      {(hasKeyword || controls.length > 0) && (
        <Button
          icon={<ClearOutlined />}
          disabled={!active}
          // Permanent filters survive: refine keeps them under any replace.
          onClick={() => setFilters([], 'replace')}
        >
          {t('table.resetFilters')}
        </Button>
      )}
    </>
  );
}
