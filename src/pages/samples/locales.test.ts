import { describe, expect, it } from 'vitest';
import { SAMPLE_PAGES } from '../../../contract/menu';
import {
  MESSAGE_TYPES,
  POLICY_CONTENT_TYPES,
  POLICY_FILTER_TYPES,
  POLICY_STATUSES,
  POPULAR_TYPES,
  PUBLIC_OPINION_QUOTAS,
} from '../../../mock/constants';
import { localeMessages } from '../../locales';

/** Keys built from the mock's constants, which the sample pages look up by value. */
const KEYS = [
  ...POLICY_CONTENT_TYPES.map((v) => `samples.policy.enums.contentType.${v}`),
  ...POLICY_FILTER_TYPES.map((v) => `samples.policy.enums.filterType.${v}`),
  ...POLICY_STATUSES.map((v) => `samples.policy.enums.status.${v}`),
  ...MESSAGE_TYPES.map((v) => `samples.messages.types.${v}`),
  ...[0, 1, 3].map((v) => `samples.messages.levels.${v}`),
  ...POPULAR_TYPES.map((v) => `samples.workplace.popular.types.${v}`),
  ...PUBLIC_OPINION_QUOTAS.map((v) => `samples.analysis.quotas.${v}`),
  ...SAMPLE_PAGES.map((p) => `menu.samples.${p}`),
];

function lookup(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => {
    return typeof node === 'object' && node !== null
      ? (node as Record<string, unknown>)[part]
      : undefined;
  }, tree);
}

describe('sample page labels', () => {
  it.each(Object.keys(localeMessages))('%s labels every value the handlers send', (locale) => {
    const messages = localeMessages[locale as keyof typeof localeMessages];
    expect(KEYS.filter((k) => typeof lookup(messages, k) !== 'string')).toEqual([]);
  });
});
