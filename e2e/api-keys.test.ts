/**
 * The public API's keys: the admin creates one on System › API keys and sees its secret once;
 * the platform (curl, from the test) fetches an approved prompt and sends a batch with it; an
 * operator finds the session and the call in the lists; the admin revokes the key and the next
 * call is refused. Both locales. A user has no way to the page.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonLabel,
  clickMenuItem,
  e2eDescribe,
  gotoApp,
  login,
  setLocale,
  text,
  topMenuLabels,
  useE2E,
  waitForPath,
  zh,
  type LocaleName,
} from './harness';
import { apiCall, confirmPopover, nextApiAnswer } from './harness/ui';

const run = promisify(execFile);
const LOCALES: readonly LocaleName[] = ['zh-CN', 'en-US'];

/** `curl` as the platform would call; answers the status, headers and body. */
async function curl(url: string, secret: string, body?: unknown) {
  const args = ['-s', '-i', '-H', `Authorization: Bearer ${secret}`];
  if (body !== undefined) {
    args.push('-H', 'Content-Type: application/json', '--data-binary', JSON.stringify(body));
  }
  const { stdout } = await run('curl', [...args, url]);
  const [head = '', ...rest] = stdout.split('\r\n\r\n');
  const status = Number(/^HTTP\/[\d.]+ (\d+)/.exec(head)?.[1]);
  const headers = Object.fromEntries(
    head
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(/:\s*/, 2).map((s) => s.trim()))
      .map(([k = '', v = '']) => [k.toLowerCase(), v]),
  );
  return { status, headers, body: JSON.parse(rest.join('\r\n\r\n') || 'null') as unknown };
}

async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await login(page, user, user);
}

e2eDescribe('API keys', () => {
  const e2e = useE2E();

  for (const locale of LOCALES) {
    it(`${locale}: an admin creates a key, sees it once, the platform uses it, revokes it`, async () => {
      const { page } = e2e;
      const say = (key: string, params?: Record<string, string | number>) =>
        text(key, locale, params);
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page, 'admin');
      await gotoApp(page, '/dashboard/workplace');
      await clickMenuItem(page, say('menu.system.title'), say('menu.system.apiKeys'));
      await waitForPath(page, (p) => p.startsWith('/system/api-keys'));

      const name = `E2E ${locale} ${Date.now().toString(36)}`;
      await page.locator('[data-testid=api-key-create]').click();
      const form = page.locator('[data-testid=api-key-form]');
      const save = page
        .locator('.ant-modal:visible')
        .getByRole('button', { name: buttonLabel(say('buttons.save')) });
      // Nothing typed: the name is asked for, in the page's language.
      await save.click();
      await form.getByText(say('form.required', { field: say('apiKey.fields.name') })).waitFor();
      await form.getByLabel(say('apiKey.fields.name'), { exact: true }).fill(name);
      await form.getByRole('checkbox', { name: new RegExp(say('apiKey.scopes.ingest')) }).check();
      const created = nextApiAnswer<{ id: string; secret: string }>(page, 'api-key/create');
      await save.click();
      const answer = await created;
      expect(answer.code).toBe(0);
      const secretBox = page.locator('[data-testid=api-key-secret]');
      await secretBox.waitFor();
      const secret = ((await secretBox.textContent()) ?? '').trim();
      expect(secret).toMatch(/^ck_[A-Za-z0-9_-]{43}$/);
      expect(secret).toBe(answer.data.secret);
      await page.locator('[data-testid=api-key-secret-done]').click();
      await secretBox.waitFor({ state: 'detached' });
      // Shown once: the page no longer holds it anywhere.
      expect(await page.content()).not.toContain(secret);
      const row = page.locator('.ant-table-row', { hasText: name });
      await expect
        .poll(() => row.locator('[data-testid=api-key-state]').textContent())
        .toBe(say('apiKey.states.active'));

      // The platform: the approved version of a platform template, then a batch.
      const templates = await apiCall<{ list: { id: number; status: number }[] }>(
        page,
        'prompt/page',
        { current: 1, pageSize: 50, scope: 'public' },
      );
      const template = templates.data.list.find((t) => t.status === 1)!;
      const promptUrl = `${e2e.baseURL}/api/public/v1/prompts/${template.id}?label=production`;
      const fetched = await curl(promptUrl, secret);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.etag).toMatch(/^".+"$/);

      // An operator's workplace before the batch: today's calls and sessions.
      const operator = await (await e2e.newContext()).newPage();
      await signIn(operator, 'user');
      const today = async () => {
        await gotoApp(operator, '/dashboard/workplace');
        const figure = (key: string) =>
          operator.locator(`[data-testid=workplace-${key}-value]`).first();
        await expect.poll(() => figure('callsToday').textContent()).toMatch(/\d/);
        await expect.poll(() => figure('sessionsToday').textContent()).toMatch(/\d/);
        const count = async (key: string) =>
          Number(((await figure(key).textContent()) ?? '').replace(/\D/g, ''));
        return { calls: await count('callsToday'), sessions: await count('sessionsToday') };
      };
      const before = await today();

      const chatId = `e2e-${locale}-${Date.now()}`;
      const question = `E2E question ${chatId}`;
      const now = new Date().toISOString();
      const sent = await curl(`${e2e.baseURL}/api/public/v1/ingest`, secret, {
        batch: [
          {
            id: `${chatId}-s`,
            type: 'session',
            timestamp: now,
            body: { chatId, title: `E2E session ${chatId}` },
          },
          {
            id: `${chatId}-m`,
            type: 'message',
            timestamp: now,
            body: { chatId, role: 'user', content: question },
          },
          {
            id: `${chatId}-c`,
            type: 'call',
            timestamp: now,
            body: { templateId: template.id, question, answer: 'E2E answer' },
          },
        ],
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect((sent.body as { data: { accepted: number } }).data.accepted).toBe(3);

      // An operator finds them: the session on top of the session list, the call in the calls,
      // and both in today's figures on the workplace.
      await gotoApp(operator, '/record/list');
      await operator.getByText(`E2E session ${chatId}`).first().waitFor();
      await gotoApp(operator, '/prompt/call-list');
      await operator.getByText(question).first().waitFor();
      expect(await today()).toEqual({ calls: before.calls + 1, sessions: before.sessions + 1 });

      // Revoked, with a confirmation: the next call is refused.
      // Its icon's name comes first ("reload 刷新").
      await page
        .locator('[data-testid=api-keys-page]')
        .getByRole('button', { name: new RegExp(`${say('buttons.refresh')}$`) })
        .click();
      // Its last use shows now.
      await expect.poll(() => row.locator('td').nth(7).textContent()).not.toBe(say('apiKey.never'));
      await row.locator('[data-testid=api-key-revoke]').click();
      const revoked = nextApiAnswer(page, 'api-key/revoke');
      await confirmPopover(page, say('apiKey.confirm.revoke', { name }));
      expect((await revoked).code).toBe(0);
      await expect
        .poll(() => row.locator('[data-testid=api-key-state]').textContent())
        .toBe(say('apiKey.states.revoked'));
      const refused = await curl(promptUrl, secret);
      expect(refused.status).toBe(401);
      expect((refused.body as { code: number }).code).toBe(50008);
    });
  }

  it('a user has no API keys entry, its URL leads away, and its calls answer 40300', async () => {
    const { page } = e2e;
    await signIn(page, 'user');
    await gotoApp(page, '/dashboard/workplace');
    expect(await topMenuLabels(page)).not.toContain(zh('menu.system.title'));
    await page.goto('/system/api-keys');
    await waitForPath(page, '/dashboard/workplace');
    for (const call of ['api-key/page', 'api-key/create', 'api-key/revoke']) {
      expect((await apiCall(page, call, {})).code, call).toBe(40300);
    }
  });
});
