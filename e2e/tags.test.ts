/**
 * Tags are picked from the tags in use, with their counts, or typed new: in a session's form and
 * in the session list's filter, in both languages. What is typed is stored in one spelling.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonLabel,
  e2eDescribe,
  gotoApp,
  login,
  selectOptions,
  setLocale,
  text,
  useE2E,
  type LocaleName,
} from './harness';
import { apiCall, nextApiAnswer } from './harness/ui';

interface RecordRow {
  id: number;
  version: number;
  title: string;
  tag: string[];
}
interface Page_<T> {
  list: T[];
  total: number;
}

async function records(page: Page, count: number): Promise<RecordRow[]> {
  const answer = await apiCall<Page_<RecordRow>>(page, 'record/page', { pageSize: count });
  expect(answer.code).toBe(0);
  return answer.data.list;
}

e2eDescribe('tags picked from those in use', () => {
  const e2e = useE2E();

  it.each<[LocaleName]>([['zh-CN'], ['en-US']])(
    'a session’s tags and the session list’s tag filter offer the tags in use (%s)',
    async (locale) => {
      const { page, context } = e2e;
      const tr = (key: string) => text(key, locale);
      await setLocale(context, locale);
      await page.goto('/login');
      await login(page, 'user', 'user');

      // One session carries a tag no other has; another is tagged from the picker.
      const stamp = `${locale === 'zh-CN' ? '甲' : 'b'}${Date.now().toString(36)}`;
      const shared = `e2e ${stamp} 共享`;
      const [tagged, picked] = await records(page, 2);
      const seeded = await apiCall<RecordRow>(page, 'record/update', {
        id: tagged!.id,
        version: tagged!.version,
        tag: [shared],
      });
      expect(seeded.code).toBe(0);

      // The form: typing part of it offers the tag in use with its count; a click picks it.
      await gotoApp(page, `/record/detail?id=${picked!.id}`);
      const tags = page.getByRole('combobox', { name: tr('record.detail.tags'), exact: true });
      await tags.click();
      await tags.fill(`E2E ${stamp}`);
      const option = (await selectOptions(page, tags)).filter({ hasText: shared });
      await option.waitFor();
      expect(((await option.textContent()) ?? '').replace(shared, '').trim()).toBe('1');
      await option.click();
      // A new one is typed (full-width, capitals) and kept in the spelling the server stores.
      await tags.fill(`ＮＥＷ\u3000${stamp}`);
      await tags.press('Enter');
      await tags.press('Escape');
      const chips = page.locator('.ant-select-selection-item-content');
      await expect.poll(() => chips.allTextContents()).toContain(`new ${stamp}`);
      const saved = nextApiAnswer<RecordRow>(page, 'record/update');
      await page.getByRole('button', { name: buttonLabel(tr('buttons.save')) }).click();
      const answer = await saved;
      expect(answer.code).toBe(0);
      expect(answer.data.tag).toEqual(expect.arrayContaining([shared, `new ${stamp}`]));
      expect(answer.data.tag.filter((t) => t.includes(stamp))).toHaveLength(2);

      // The list filter is the same picker: the tag now counts two sessions.
      await gotoApp(page, '/record/list');
      await page.locator('.ant-table-row').first().waitFor();
      const filter = page.getByRole('combobox', { name: tr('record.fields.tag'), exact: true });
      await filter.click();
      await filter.fill(stamp);
      const choice = (await selectOptions(page, filter)).filter({ hasText: shared });
      await choice.waitFor();
      expect(((await choice.textContent()) ?? '').replace(shared, '').trim()).toBe('2');
      const listed = nextApiAnswer<Page_<RecordRow>>(page, 'record/page');
      await choice.click();
      const filtered = await listed;
      expect(filtered.code).toBe(0);
      const byId = (a: number, b: number) => a - b;
      expect(filtered.data.list.map((r) => r.id).sort(byId)).toEqual(
        [tagged!.id, picked!.id].sort(byId),
      );
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);
    },
  );
});
