/**
 * Declarations for the resource-config tests: a small valid one, its labels in both locales.
 */
export type Input = Record<string, unknown>;

export const labels = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const title = {
  name: 'title',
  type: 'string',
  required: true,
  list: true,
  labels: labels('标题', 'Title'),
};

/** A small valid declaration; `extra` replaces top-level keys. */
export function declaration(name: string, extra: Input = {}): Input {
  return {
    name,
    labels: labels(`${name}库`, `${name} base`),
    permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
    fields: [title],
    ...extra,
  };
}
