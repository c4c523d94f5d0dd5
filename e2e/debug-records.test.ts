/**
 * Debug records: a user's playground run (made through the API, on a demo model) shows on the
 * "Model requests" tab, opens in the drawer from its row and from a `?record=` link, and the
 * browser's own API log is one tab away, kept in the address. The admin sees the user's record;
 * another user does not, in the list nor by id. Both locales.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonText,
  e2eDescribe,
  exactly,
  gotoApp,
  login,
  selectOptions,
  setLocale,
  text,
  useE2E,
  waitForPath,
  type LocaleName,
} from './harness';
import { apiCall, nextApiAnswer } from './harness/ui';

const LOCALES: readonly LocaleName[] = ['zh-CN', 'en-US'];

interface Variable {
  fieldName: string;
  type: string;
  options?: string[];
}
interface Template {
  id: number;
  title: string;
  modelType?: string;
  variables?: Variable[] | null;
}
interface Version {
  version: string;
  modelType: string;
  enabled: boolean;
  provider: string | null;
}
interface RunAnswer {
  runs: { answer: string; error?: unknown; debugRecordId: number }[];
}

const SAMPLE: Record<string, (v: Variable) => unknown> = {
  text: () => 'x',
  number: () => 1,
  select: (v) => v.options?.[0],
  date: () => '2026-01-01',
  interface: () => 'x',
};

/** A value of its type for every variable, or null when one cannot be filled. */
function valuesFor(template: Template): Record<string, unknown> | null {
  const values: Record<string, unknown> = {};
  for (const v of template.variables ?? []) {
    const value = SAMPLE[v.type]?.(v);
    if (value === undefined) return null;
    values[v.fieldName] = value;
  }
  return values;
}

/** Runs a template the caller can see on a demo (mock) model version; answers its record. */
async function playgroundRun(page: Page) {
  const templates = await apiCall<{ list: Template[] }>(page, 'prompt/page', {
    current: 1,
    pageSize: 50,
  });
  expect(templates.code).toBe(0);
  const versions = await apiCall<{ list: Version[] }>(page, 'model/version/list', {});
  const mocks = versions.data.list.filter((v) => v.provider === 'mock' && v.enabled);
  expect(mocks.length).toBeGreaterThan(0);
  // Fewest variables first: the simplest run there is.
  const candidates = templates.data.list
    .map((template) => ({ template, values: valuesFor(template) }))
    .filter((c) => c.values !== null)
    .sort((a, b) => (a.template.variables?.length ?? 0) - (b.template.variables?.length ?? 0));
  const picked = candidates[0];
  expect(picked).toBeDefined();
  const { template, values } = picked!;
  const version = mocks.find((v) => v.modelType === template.modelType) ?? mocks[0]!;
  const run = await apiCall<RunAnswer>(page, 'prompt/run', {
    templateId: template.id,
    variables: values,
    modelVersions: [version.version],
  });
  expect(run.code, JSON.stringify(run)).toBe(0);
  const [result] = run.data.runs;
  expect(result?.error).toBeUndefined();
  return { template, version, id: result!.debugRecordId, answer: result!.answer };
}

async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await login(page, user, user);
}

/** Another operator's browser, in the test's language. */
async function otherBrowser(context: BrowserContext, locale: LocaleName): Promise<Page> {
  if (locale !== 'zh-CN') await setLocale(context, locale);
  return context.newPage();
}

/** Opens the debug records and waits for the first page of model requests. */
async function openRecords(page: Page) {
  const listed = nextApiAnswer<{ list: { id: number }[] }>(page, 'debug-record/page');
  await gotoApp(page, '/debug-records');
  const answer = await listed;
  expect(answer.code).toBe(0);
  return answer.data.list.map((r) => r.id);
}

const rowOf = (page: Page, id: number) =>
  page.locator(`[data-testid=debug-record-table] tr[data-row-key="${id}"]`);

e2eDescribe('Debug records', () => {
  const e2e = useE2E();

  for (const locale of LOCALES) {
    it(`${locale}: a playground run is listed, opens from its row and by link; only its operator and the admin see it`, async () => {
      const { page } = e2e;
      const say = (key: string, params?: Record<string, string | number>) =>
        text(key, locale, params);
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page, 'user');
      await gotoApp(page, '/dashboard/workplace');
      const run = await playgroundRun(page);

      // The model requests are the first tab, the new run on top.
      await openRecords(page);
      const tabs = page.locator('[data-testid=debug-records-page] [role=tab]');
      expect(await tabs.allTextContents()).toEqual([
        say('debug.tabs.server'),
        say('debug.tabs.browser'),
      ]);
      const row = rowOf(page, run.id);
      await row.waitFor();
      expect(await row.textContent()).toContain(run.template.title);
      expect(await row.textContent()).toContain(run.version.version);
      expect(await row.locator('[data-testid=debug-record-state]').textContent()).toBe(
        say('debug.server.states.ok'),
      );

      // Its row opens the drawer with the answer, and the address names the record.
      await row.getByText(run.template.title).click();
      const drawer = page.locator('[data-testid=debug-record-drawer]');
      const answer = drawer.locator('[data-testid=debug-record-answer]');
      await answer.waitFor();
      expect(await answer.textContent()).toBe(run.answer);
      expect(await drawer.textContent()).toContain(say('debug.drawer.title', { id: run.id }));
      expect(await drawer.locator('[data-testid=debug-record-message]').count()).toBeGreaterThan(0);
      await waitForPath(page, `/debug-records?record=${run.id}`);
      await drawer.getByRole('button', { name: /close|关闭/i }).click();
      await answer.waitFor({ state: 'detached' });
      await waitForPath(page, '/debug-records');

      // The keyboard way: the row's View button.
      const view = row.locator('[data-testid=debug-record-view]');
      expect(buttonText(await view.textContent())).toBe(buttonText(say('debug.server.view')));
      await view.focus();
      await page.keyboard.press('Enter');
      await answer.waitFor();
      await page.keyboard.press('Escape');
      await answer.waitFor({ state: 'detached' });

      // A filter goes to the address and to the server; a reload keeps it.
      const stateFilter = page.getByRole('combobox', { name: say('debug.server.fields.state') });
      await stateFilter.click();
      const states = await selectOptions(page, stateFilter);
      const filtered = nextApiAnswer<{ list: { id: number }[] }>(page, 'debug-record/page');
      await states.filter({ hasText: exactly(say('debug.server.states.error')) }).click();
      expect((await filtered).data.list.map((r) => r.id)).not.toContain(run.id);
      await waitForPath(page, '/debug-records?state=error');
      const reloaded = nextApiAnswer<{ list: { id: number }[] }>(page, 'debug-record/page');
      await page.reload();
      expect((await reloaded).data.list.map((r) => r.id)).not.toContain(run.id);
      await page
        .locator('.ant-select', { has: stateFilter })
        .getByText(say('debug.server.states.error'))
        .waitFor();

      // A link to the record (the playground's) opens it at once, after a reload too.
      await page.goto(`/debug-records?record=${run.id}`);
      await answer.waitFor();
      expect(await answer.textContent()).toBe(run.answer);
      await page.keyboard.press('Escape');
      await answer.waitFor({ state: 'detached' });

      // The browser's own API log is the other tab; the address keeps it over a reload.
      await page.getByRole('tab', { name: say('debug.tabs.browser') }).click();
      await waitForPath(page, '/debug-records?tab=browser');
      const browserTable = page.locator('[data-testid=debug-browser-table]');
      await browserTable.getByText('debug-record/page').first().waitFor();
      await page.reload();
      await browserTable.waitFor();
      expect(
        await page
          .getByRole('tab', { name: say('debug.tabs.browser') })
          .getAttribute('aria-selected'),
      ).toBe('true');
      await page.locator('[data-testid=debug-browser-clear]').click();
      await expect.poll(() => browserTable.locator('tbody tr.ant-table-row').count()).toBe(0);

      // The admin sees everyone's requests, this one among them.
      const admin = await otherBrowser(await e2e.newContext(), locale);
      await signIn(admin, 'admin');
      expect(await openRecords(admin)).toContain(run.id);
      await rowOf(admin, run.id).waitFor();

      // Another user sees their own only: not in the list, not by id.
      const other = await otherBrowser(await e2e.newContext(), locale);
      await signIn(other, 'annotator1');
      expect(await openRecords(other)).not.toContain(run.id);
      expect(await rowOf(other, run.id).count()).toBe(0);
      expect((await apiCall(other, 'debug-record/detail', { id: run.id })).code).not.toBe(0);
      await other.goto(`/debug-records?record=${run.id}`);
      await other
        .locator('[data-testid=debug-record-drawer]')
        .getByText(say('debug.drawer.notFound'))
        .waitFor();
    });
  }
});
