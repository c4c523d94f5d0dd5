/**
 * Model providers: the admin connects a model version to an OpenAI-compatible endpoint (a stub
 * on 127.0.0.1 that this test runs), with an API key that is never shown again, tries it, and
 * sees a refused address named on its field. Both locales.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
import { nextApiAnswer } from './harness/ui';
import { startStubProvider, type StubProvider } from '../server/test/stub-provider';

const LOCALES: readonly LocaleName[] = ['zh-CN', 'en-US'];
const KEY = 'sk-e2e-provider-1b2c3d';

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'admin', 'admin');
}

e2eDescribe('model providers', () => {
  const e2e = useE2E();
  let stub: StubProvider;
  let baseUrl = '';
  beforeAll(async () => {
    stub = await startStubProvider(KEY, ['Stub model ', 'at your service.'], {
      prompt_tokens: 12,
      completion_tokens: 5,
    });
    baseUrl = stub.baseUrl;
  });
  afterAll(() => stub.close());

  for (const locale of LOCALES) {
    it(`${locale}: the admin connects a version, its key stays hidden, and tries it`, async () => {
      const { page } = e2e;
      const say = (key: string, params?: Record<string, string | number>) =>
        text(key, locale, params);
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page);
      await gotoApp(page, '/system/model-versions');
      await page.locator('[data-testid=model-versions-page] .ant-table-row').first().waitFor();
      // The demo's versions answer offline.
      await page.getByText(say('model-version.providers.mock')).first().waitFor();

      const version = `e2e-${locale.toLowerCase()}-${Date.now().toString(36)}`;
      await page.locator('[data-testid=model-version-create]').click();
      const form = page.locator('[data-testid=model-version-form]');
      await form.getByLabel(say('model-version.fields.name'), { exact: true }).fill('E2E gateway');
      await form.getByLabel(say('model-version.fields.version'), { exact: true }).fill(version);
      await form.locator('[data-testid=model-version-provider]').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option', {
          hasText: say('model-version.providers.openai-compatible'),
        })
        .click();
      const save = page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: buttonLabel(say('buttons.save')) });
      // The address and the model are asked for, in the page's language.
      await save.click();
      await form
        .getByText(say('form.required', { field: say('model-version.fields.baseUrl') }))
        .waitFor();
      // A metadata address is refused by the server, on its field.
      await form.getByLabel(say('model-version.fields.baseUrl')).fill('http://169.254.169.254/v1');
      await form.getByLabel(say('model-version.fields.model'), { exact: true }).fill('stub');
      await form.getByLabel(say('model-version.fields.apiKey')).fill(KEY);
      await save.click();
      await form
        .getByText(/169\.254|link-local|链路本地/)
        .first()
        .waitFor();

      await form.getByLabel(say('model-version.fields.baseUrl')).fill(baseUrl);
      const created = nextApiAnswer<{ id: number; apiKeySet: boolean }>(
        page,
        'model/version/create',
      );
      await save.click();
      const answer = await created;
      expect(answer.code).toBe(0);
      expect(answer.data.apiKeySet).toBe(true);
      expect(JSON.stringify(answer)).not.toContain(KEY);

      const row = page.locator('.ant-table-row', { hasText: version });
      await row.getByText(say('model-version.providers.openai-compatible')).waitFor();
      await row
        .getByRole('button', { name: buttonLabel(say('model-version.test.button')) })
        .click();
      const tried = page.locator('[data-testid=model-version-try]');
      await tried.getByText('Stub model at your service.').waitFor();
      await tried.getByText(/12 \+ 5 tokens/).waitFor();
      await page.locator('.ant-modal:visible .ant-modal-close').click();
      await tried.waitFor({ state: 'detached' });

      // Editing: the key is stored, not shown.
      await row.getByRole('button', { name: buttonLabel(say('buttons.edit')) }).click();
      await form.getByText(say('model-version.hints.apiKeySet')).waitFor();
      expect(await form.getByLabel(say('model-version.fields.apiKey')).inputValue()).toBe('');
      expect(await page.content()).not.toContain(KEY);
      expect(e2e.pageErrors).toEqual([]);
    });
  }
});
