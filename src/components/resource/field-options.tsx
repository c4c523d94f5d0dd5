import { useCustom } from '@refinedev/core';
import { Tag } from 'antd';
import { EmptyCell, HoverTip, InlineGroup } from './cells';
import { apiPath } from '../../../contract/api';
import type { FieldDef } from '../../../contract/resource';

export interface FieldOption {
  value: string;
  label: string;
}

/**
 * The values a field offers when its declaration names a list call (FieldDef.optionsFrom):
 * each row's `value` is stored, its `label` shown. Filters, forms and cells ask the same call,
 * so one request serves them all (same query key). Without optionsFrom: no request, no options.
 */
export function useFieldOptions(field: FieldDef) {
  const source = field.optionsFrom;
  const { result, query } = useCustom<{ list: Record<string, unknown>[] }>({
    url: source ? apiPath(...source.path.split('/')) : '',
    method: 'post',
    config: { payload: {} },
    queryOptions: { enabled: !!source },
    errorNotification: false,
  });
  const rows = !source || query.isError ? [] : (result.data?.list ?? []);
  // A value listed twice (two rows of one model version, say) is offered once.
  const options: FieldOption[] = source
    ? [...new Map(rows.map((r) => [String(r[source.value]), r])).values()].map((r) => ({
        value: String(r[source.value]),
        label: String(r[source.label] ?? r[source.value]),
      }))
    : [];
  return { options, loading: !!source && query.isLoading };
}

/**
 * Stored values shown by their labels (plugin codes as plugin names); a value the list no longer
 * offers (a deleted plugin) shows as itself. The value is the tag's tooltip.
 */
export function OptionTags({ field, values }: { field: FieldDef; values: readonly unknown[] }) {
  const { options } = useFieldOptions(field);
  const labels = new Map(options.map((o) => [o.value, o.label]));
  if (!values.length) return <EmptyCell />;
  return (
    <InlineGroup>
      {values.map((v) => {
        const value = String(v);
        const label = labels.get(value);
        return label === undefined || label === value ? (
          <Tag key={value}>{value}</Tag>
        ) : (
          <HoverTip key={value} title={value}>
            <Tag>{label}</Tag>
          </HoverTip>
        );
      })}
    </InlineGroup>
  );
}

/** One stored value shown by its label (see OptionTags). */
export function OptionLabel({ field, value }: { field: FieldDef; value: unknown }) {
  const { options } = useFieldOptions(field);
  const text = String(value);
  const label = options.find((o) => o.value === text)?.label;
  if (label === undefined || label === text) return <>{text}</>;
  return (
    <HoverTip title={text}>
      <span>{label}</span>
    </HoverTip>
  );
}
