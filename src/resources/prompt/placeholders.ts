import { FIELD_NAME_RE } from '../../../contract/prompt-variables';
import type { PromptVariable } from './types';

/** A variable's field name, as the server checks it (docs/DATA-MODEL.md "PromptVariable"). */
export const FIELD_NAME_PATTERN = FIELD_NAME_RE;

/**
 * `{{fieldName}}` in a template's text, spaces inside the braces allowed: the same pattern as
 * contract/prompt-variables.ts (whose placeholdersOf the server checks with), which gives no
 * positions, and positions are what highlighting needs.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** A piece of template text: plain text, or one `{{fieldName}}` placeholder. */
export type Segment =
  { kind: 'text'; text: string } | { kind: 'placeholder'; name: string; text: string };

/** The text cut into plain runs and placeholders, in order; joined back it is the text. */
export function splitTemplate(content: string): Segment[] {
  const out: Segment[] = [];
  let last = 0;
  for (const match of content.matchAll(PLACEHOLDER)) {
    const at = match.index;
    if (at > last) out.push({ kind: 'text', text: content.slice(last, at) });
    out.push({ kind: 'placeholder', name: match[1] as string, text: match[0] });
    last = at + match[0].length;
  }
  if (last < content.length) out.push({ kind: 'text', text: content.slice(last) });
  return out;
}

/** The field names the text uses, each once, in order of first use. */
export function extractPlaceholders(content: string): string[] {
  const names = new Set<string>();
  for (const s of splitTemplate(content)) if (s.kind === 'placeholder') names.add(s.name);
  return [...names];
}

export interface PlaceholderCheck {
  /** Placeholders in the text with no variable row. */
  missing: string[];
  /** Field names of rows the text does not use. */
  unused: string[];
}

/** What the server refuses (`missingVariable` / `unusedVariable`), found before saving. */
export function checkPlaceholders(
  content: string,
  variables: readonly Partial<PromptVariable>[] | null | undefined,
): PlaceholderCheck {
  const used = extractPlaceholders(content);
  const declared = (variables ?? [])
    .map((v) => v.fieldName?.trim() ?? '')
    .filter((name) => name !== '');
  const declaredSet = new Set(declared);
  const usedSet = new Set(used);
  return {
    missing: used.filter((name) => !declaredSet.has(name)),
    unused: [...new Set(declared)].filter((name) => !usedSet.has(name)),
  };
}

/** A text row per missing placeholder, named after it, ready to append to the table. */
export function variablesFor(missing: readonly string[]): PromptVariable[] {
  return missing.map((fieldName) => ({ name: fieldName, type: 'text', fieldName }));
}

/** A piece of the rendered template: text, a filled value, or the marker of an empty one. */
export type RenderPart =
  | { kind: 'text'; text: string }
  | { kind: 'value'; name: string; text: string }
  | { kind: 'empty'; name: string; text: string };

/** The marker an empty value leaves in the preview. */
export function emptyMarker(name: string): string {
  return `‹${name}›`;
}

/**
 * The template with sample values in place of its placeholders; a placeholder with no value
 * (or no variable) shows as ‹fieldName› so the operator sees what is still open.
 */
export function renderTemplate(
  content: string,
  values: Readonly<Record<string, string | undefined>>,
): RenderPart[] {
  return splitTemplate(content).map((s) => {
    if (s.kind === 'text') return s;
    const value = values[s.name];
    return value === undefined || value === ''
      ? { kind: 'empty', name: s.name, text: emptyMarker(s.name) }
      : { kind: 'value', name: s.name, text: value };
  });
}

/** renderTemplate as one string. */
export function renderTemplateText(
  content: string,
  values: Readonly<Record<string, string | undefined>>,
): string {
  return renderTemplate(content, values)
    .map((p) => p.text)
    .join('');
}

/** An absolute http(s) URL, as the server accepts for an interface variable. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}
