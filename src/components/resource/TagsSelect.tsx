import { useDataProvider, type CrudFilter } from '@refinedev/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../contract/api';
import type { ResourceDef } from '../../../contract/resource';
import { normalizeTag, normalizeTags, type TagsInUse } from '../../../contract/tags';
import { toListBody } from '../../providers/data';
import './tags-select.css';

/** How many tags in use a picker offers at once; typing narrows them on the server. */
export const PICKER_TAGS = 50;
/** Typing pauses this long before the server is asked again. */
const SEARCH_DELAY_MS = 250;

/** Which rows' tags a picker counts: a list's scope and the filters it always has. */
export interface TagsWithin {
  scope?: string;
  filters?: CrudFilter[];
}

/** `value`, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The tags in use in `field` (`<prefix>/tags`), most used first, those containing `search` when
 * given. Asked only once `enabled`: a form or list that is never opened to pick a tag costs no
 * request.
 */
export function useTagsInUse(
  def: ResourceDef,
  field: string,
  search: string,
  enabled: boolean,
  within: TagsWithin = {},
) {
  const keyword = normalizeTag(useSettled(search, SEARCH_DELAY_MS));
  const filters = toListBody(undefined, undefined, within.filters).filters;
  const url = apiPath(...def.prefix.split('/'), 'tags');
  const payload = {
    field,
    limit: PICKER_TAGS,
    ...(keyword ? { keyword } : {}),
    ...(within.scope ? { scope: within.scope } : {}),
    ...(filters ? { filters } : {}),
  };
  // The data provider's custom call, asked directly: refine's useCustom throws at render when a
  // provider has none, and a picker is only a help (without it, tags are typed as before).
  const custom = useDataProvider()().custom;
  const query = useQuery({
    queryKey: ['tags-in-use', url, payload],
    // Only enabled with a custom call.
    queryFn: async () => (await custom!<TagsInUse>({ url, method: 'post', payload })).data,
    enabled: enabled && !!custom,
    // The last answer stays while the next one is on its way, so the list does not blink.
    placeholderData: keepPreviousData,
    retry: false,
  });
  const tags = query.isError ? [] : (query.data?.list ?? []);
  return { tags, loading: enabled && query.isFetching };
}

interface Common {
  def: ResourceDef;
  field: string;
  within?: TagsWithin;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  style?: CSSProperties;
  className?: string;
}

export type TagsSelectProps = Common &
  (
    | {
        /** A form's value: several tags, picked from those in use or typed new. */
        multiple: true;
        value?: string[];
        onChange?: (value: string[]) => void;
      }
    | {
        /** A list filter's value: one tag in use. */
        multiple?: false;
        value?: string;
        onChange?: (value: string | undefined) => void;
      }
  );

/**
 * Picks tags from those already in use, with how many rows carry each, searched on the server as
 * one types; a form also takes a new tag (Enter or a comma). What is typed is kept in the one
 * spelling the server stores (contract/tags.ts), so `GPT` typed beside `gpt` in use is `gpt`.
 */
export function TagsSelect(props: TagsSelectProps) {
  const { t } = useTranslation();
  const { def, field, within } = props;
  const [search, setSearch] = useState('');
  const [wanted, setWanted] = useState(false);
  const { tags, loading } = useTagsInUse(def, field, search, wanted, within);
  const options = tags.map((tag) => ({ value: tag.tag, label: tag.tag, count: tag.count }));
  // What a form would add: the typed text, unless a tag in use is spelled so already.
  const typed = normalizeTag(search);
  const isNew = (label: string) =>
    !!typed && normalizeTag(label) === typed && !tags.some((tag) => tag.tag === typed);

  const common = {
    id: props.id,
    'aria-label': props['aria-label'],
    'aria-invalid': props['aria-invalid'],
    placeholder: props.placeholder,
    style: props.style,
    className: props.className,
    showSearch: true,
    // The server searched already; what it answered is what matches.
    filterOption: false,
    searchValue: search,
    onSearch: setSearch,
    onFocus: () => setWanted(true),
    onOpenChange: (open: boolean) => open && setWanted(true),
    options,
    loading,
    notFoundContent: loading ? <Spin size="small" /> : undefined,
    optionRender: (option: { data: { label?: unknown; count?: unknown } }) => {
      const label = String(option.data.label ?? '');
      const count = typeof option.data.count === 'number' ? option.data.count : undefined;
      return (
        <span className="tags-select__option">
          <span className="tags-select__tag">{label}</span>
          {count !== undefined ? (
            <span className="tags-select__count" title={t('form.tagUses', { count })}>
              {count}
            </span>
          ) : (
            isNew(label) && <span className="tags-select__new">{t('form.tagNew')}</span>
          )}
        </span>
      );
    },
  };

  if (props.multiple) {
    const { value, onChange } = props;
    return (
      <Select<string[]>
        {...common}
        mode="tags"
        tokenSeparators={[',', '，']}
        value={value}
        onChange={(next) => {
          onChange?.(normalizeTags(next));
          setSearch('');
        }}
      />
    );
  }
  const { value, onChange } = props;
  return (
    <Select<string>
      {...common}
      allowClear
      value={value}
      onChange={(next) => {
        onChange?.(next === undefined ? undefined : normalizeTag(next));
        setSearch('');
      }}
    />
  );
}
