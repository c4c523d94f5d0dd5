import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';

describe('createI18n', () => {
  it('keeps the lookup order per language across a change and back (memoised)', async () => {
    const i18n = createI18n('zh-CN');
    i18n.addResourceBundle('zh-CN', 'translation', { probe: { both: '两者' } }, true, true);
    i18n.addResourceBundle(
      'en-US',
      'translation',
      { probe: { both: 'both', enOnly: 'English only' } },
      true,
      true,
    );
    expect(i18n.t('probe.both')).toBe('两者');
    // Missing in Chinese: the fallback language answers.
    expect(i18n.t('probe.enOnly')).toBe('English only');
    await i18n.changeLanguage('en-US');
    expect(i18n.t('probe.both')).toBe('both');
    await i18n.changeLanguage('zh-CN');
    expect(i18n.t('probe.both')).toBe('两者');
    expect(i18n.t('probe.missing', { defaultValue: 'd' })).toBe('d');
    // Callers may change the order they are given without changing the next one.
    const utils = i18n.services.languageUtils as { toResolveHierarchy(c: string): string[] };
    utils.toResolveHierarchy('zh-CN').push('xx');
    expect(utils.toResolveHierarchy('zh-CN')).toEqual(['zh-CN', 'en-US']);
  });
});
