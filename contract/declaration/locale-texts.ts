import type { Locale } from '../locale';
import type { SystemFieldName } from '../resource';
import { referenceLabelName } from './names';
import type { ResourceDeclaration } from './shape';

/** A resource's locale namespace, as in src/locales/<locale>/<resource>.json. */
export interface LocaleNamespace {
  menu: { title: string; list: string; detail: string };
  titles: { list: string; show: string; create: string; edit: string };
  fields: Record<string, string>;
  enums: Record<string, Record<string, string>>;
}

/** The system fields' labels, worded as src/locales/<locale>/agent.json words them. */
const SYSTEM_FIELD_LABELS: Record<Locale, Record<SystemFieldName, string>> = {
  'zh-CN': { id: 'ID', version: '版本', createdAt: '创建时间', updatedAt: '修改时间' },
  'en-US': { id: 'ID', version: 'Version', createdAt: 'Created at', updatedAt: 'Modified at' },
};

/**
 * Page titles from the resource's label, worded like the built-in namespaces. The label is used
 * as written (not lower-cased mid-sentence): it may be a proper name or an acronym.
 */
const TITLES: Record<Locale, (label: string) => LocaleNamespace['titles']> = {
  'zh-CN': (l) => ({ list: `${l}列表`, show: `${l}详情`, create: `新建${l}`, edit: `编辑${l}` }),
  'en-US': (l) => ({ list: l, show: `${l} detail`, create: `Create ${l}`, edit: `Edit ${l}` }),
};

function namespaceOf(decl: ResourceDeclaration, locale: Locale): LocaleNamespace {
  const label = decl.labels[locale];
  const fields: Record<string, string> = { ...SYSTEM_FIELD_LABELS[locale] };
  const enums: Record<string, Record<string, string>> = {};
  for (const f of decl.fields) {
    fields[f.name] = f.labels[locale];
    // The label column stands for the reference in lists, so it carries the field's label.
    if (f.reference) fields[referenceLabelName(f.name)] = f.labels[locale];
    if (f.options) {
      enums[f.name] = Object.fromEntries(f.options.map((o) => [String(o.value), o.labels[locale]]));
    }
  }
  const titles = TITLES[locale](label);
  return {
    // Worded as the built-ins' namespaces: the group is the label, its pages "知识库列表" and
    // "知识库详情" (in English the list keeps the label), so menu and breadcrumb do not repeat it.
    menu: { title: label, list: titles.list, detail: titles.show },
    titles,
    fields,
    enums,
  };
}

/** The declaration's locale namespaces, in the shape of src/locales/<locale>/<resource>.json. */
export function localeTextsOf(decl: ResourceDeclaration): Record<Locale, LocaleNamespace> {
  return { 'zh-CN': namespaceOf(decl, 'zh-CN'), 'en-US': namespaceOf(decl, 'en-US') };
}
