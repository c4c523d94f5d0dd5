/**
 * The playground: an operator fills a template's values, picks two demo model versions and
 * watches both answers stream in side by side, with their figures; the debug record opens from
 * a result; Stop cancels a slow run. The admin sets up a slow demo version on the model versions
 * page and tries it there. Both locales, both roles.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonLabel,
  e2eDescribe,
  gotoApp,
  login,
  setLocale,
  text,
  useE2E,
  type LocaleName,
} from './harness';
import { apiCall } from './harness/ui';

const LOCALES: readonly LocaleName[] = ['zh-CN', 'en-US'];

interface Template {
  id: number;
  title: string;
  isPublic: number;
  status: number;
  variables: { fieldName: string; type: string; options?: string[] }[] | null;
}
interface Version {
  id: number;
  version: string;
  enabled: boolean;
  provider: string | null;
}

async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await login(page, user, user);
}

/** A template the caller may open whose variables are all typed by hand (no interface). */
async function someTemplate(page: Page, admin: boolean): Promise<Template> {
  const answer = await apiCall<{ list: Template[] }>(page, 'prompt/page', {
    current: 1,
    pageSize: 50,
    ...(admin ? { scope: 'public' } : {}),
  });
  const found = answer.data.list.find(
    (t) =>
      (t.variables ?? []).length > 0 &&
      (t.variables ?? []).every((v) => v.type === 'text' || v.type === 'number'),
  );
  if (!found) throw new Error('the demo has no template with text and number variables only');
  return found;
}

async function fillValues(page: Page, template: Template): Promise<void> {
  for (const v of template.variables ?? []) {
    const field = page
      .locator('[data-testid=playground] .prompt-preview__field')
      .filter({ hasText: `{{${v.fieldName}}}` });
    await field
      .locator('input')
      .first()
      .fill(v.type === 'number' ? '3' : 'E2E');
  }
}

async function chooseVersions(page: Page, versions: readonly string[]): Promise<void> {
  const select = page.locator('[data-testid=playground-versions]');
  for (const version of versions) {
    await select.click();
    await select.locator('input').fill(version);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: version })
      .first()
      .click();
  }
  await page.keyboard.press('Escape');
}

e2eDescribe('playground', () => {
  const e2e = useE2E();

  /** Slows demo versions through the admin's API, so a stream can be watched and stopped. */
  const setLatency = async (versions: readonly string[], ms: number) => {
    const admin = await (await e2e.newContext()).newPage();
    await signIn(admin, 'admin');
    const rows = (await apiCall<{ list: Version[] }>(admin, 'model/version/list', {})).data.list;
    for (const row of rows.filter((r) => versions.includes(r.version))) {
      const changed = await apiCall(admin, 'model/version/update', {
        id: row.id,
        mockLatencyMs: ms,
      });
      expect(changed.code).toBe(0);
    }
    await admin.close();
  };

  for (const locale of LOCALES) {
    for (const who of ['user', 'admin'] as const) {
      it(`${locale}, ${who}: two demo versions stream side by side; the record opens; Stop stops`, async () => {
        const { page } = e2e;
        const say = (key: string, params?: Record<string, string | number>) =>
          text(key, locale, params);
        if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
        await signIn(page, who);
        const template = await someTemplate(page, who === 'admin');
        const versions = (
          await apiCall<{ list: Version[] }>(page, 'model/version/list', {})
        ).data.list
          .filter((v) => v.enabled && v.provider === 'mock')
          .map((v) => v.version);
        expect(versions.length).toBeGreaterThanOrEqual(2);
        const chosen = versions.slice(0, 2);
        const slow = versions.at(-1)!;
        await setLatency(chosen, 1_500);
        await setLatency([slow], 8_000);

        const view = template.isPublic ? 'detail-public' : 'detail';
        await gotoApp(page, `/prompt/${view}?id=${template.id}`);
        await page.getByRole('tab', { name: say('prompt.detail.tabs.playground') }).click();
        await page.getByText(say('prompt.playground.empty')).waitFor();

        // Nothing chosen: the run asks for a version first.
        await page.locator('[data-testid=playground-run]').click();
        await page.getByText(say('prompt.playground.versionsRequired')).waitFor();

        await fillValues(page, template);
        await chooseVersions(page, chosen);
        await page.locator('[data-testid=playground-run]').click();

        const results = page.locator('[data-testid=playground-result]');
        await expect.poll(() => results.count()).toBe(2);
        // Streaming: an answer shows text before its figures and record link do.
        await expect
          .poll(async () => {
            const answers = await results.locator('[data-testid=playground-answer]').count();
            const records = await results.locator('[data-testid=playground-record]').count();
            return answers > 0 && records < 2;
          })
          .toBe(true);
        await expect.poll(() => results.locator('[data-testid=playground-record]').count()).toBe(2);
        for (const [i, version] of chosen.entries()) {
          const card = results.nth(i);
          await expect.poll(() => card.textContent()).toContain(version);
          expect(
            ((await card.locator('[data-testid=playground-answer]').textContent()) ?? '').length,
          ).toBeGreaterThan(0);
          await card.getByText(say('prompt.playground.ttft')).waitFor();
          await card.getByText(say('prompt.playground.demo')).waitFor();
        }
        expect(e2e.pageErrors).toEqual([]);

        // The debug record of the first answer.
        const answer =
          (await results.first().locator('[data-testid=playground-answer]').textContent()) ?? '';
        await results.first().locator('[data-testid=playground-record]').click();
        await page.waitForURL(/\/debug-records\?.*record=\d+/);
        await page.locator('.ant-drawer-open').getByText(answer.slice(0, 20)).first().waitFor();

        // Stop: a slow demo version, cancelled mid-run.
        await gotoApp(page, `/prompt/${view}?id=${template.id}`);
        await page.getByRole('tab', { name: say('prompt.detail.tabs.playground') }).click();
        await fillValues(page, template);
        await chooseVersions(page, [slow]);
        await page.locator('[data-testid=playground-run]').click();
        await page.getByText(say('prompt.playground.waiting')).waitFor();
        await page
          .getByRole('button', { name: buttonLabel(say('prompt.playground.stop')) })
          .click();
        await page.getByText(say('prompt.playground.stopped')).waitFor({ timeout: 3_000 });
        await setLatency([...chosen, slow], 200);
      });
    }
  }

  for (const locale of LOCALES) {
    it(`${locale}: a scene's page runs its bound template`, async () => {
      const { page } = e2e;
      const say = (key: string) => text(key, locale);
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page, 'user');
      const scenes = await apiCall<{ list: { id: number; templateId: number | null }[] }>(
        page,
        'scene/page',
        { current: 1, pageSize: 50 },
      );
      const scene = scenes.data.list.find((s) => s.templateId)!;
      await gotoApp(page, `/scene/detail?id=${scene.id}`);
      const card = page.locator('[data-testid=scene-playground]');
      await card.getByText(say('prompt.playground.title')).waitFor();
      await card.locator('[data-testid=playground-run]').waitFor();
      await card.getByText(say('prompt.playground.empty')).waitFor();
    });
  }
});
