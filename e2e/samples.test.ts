/**
 * The sample pages (spec §1, §7 mocked endpoints) in Chromium against the real server: each
 * hidden sample page shows what its handlers answer, in both locales; the policy search table
 * pages and filters with both kept in the URL; the workplace's message box flips a message to
 * read through the read call; the settings form validates, saves and uploads an avatar.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { SAMPLE_PAGES } from '../contract/menu';
import { POLICY_TOTAL } from '../mock/constants';
import type {
  Certification,
  Message,
  PolicyPage,
  PopularAuthorList,
  Project,
  PublicOpinionAnalysis,
} from '../mock/types';
import {
  e2eDescribe,
  gotoApp,
  login,
  pathOf,
  selectOptions,
  setLocale,
  text,
  topMenuLabels,
  useE2E,
  waitForPath,
  waitForSteadyBox,
  zh,
  type LocaleName,
} from './harness';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** A sample handler's `data`, fetched from inside the page with its token (GET or POST). */
async function mockData<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = localStorage.getItem('token');
      const res = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await res.json()) as { code: number; data: T };
      if (envelope.code !== 20000) throw new Error(`${path} answered ${envelope.code}`);
      return envelope.data;
    },
    { path, body },
  );
}

/** Whether a chart box holds a canvas with at least one painted pixel. */
async function chartDrawn(chart: Locator): Promise<boolean> {
  return chart.evaluate((el) => {
    const canvas = el.querySelector('canvas');
    if (!canvas || !canvas.width || !canvas.height) return false;
    const ctx = canvas.getContext('2d');
    if (!ctx) return false;
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i]) return true;
    return false;
  });
}

async function expectChartsDrawn(page: Page, scope: Locator, count: number): Promise<void> {
  const charts = scope.locator('.console-chart');
  await expect.poll(() => charts.count()).toBe(count);
  for (let i = 0; i < count; i++) {
    // A chart below the fold is drawn as it is scrolled to.
    await charts.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(() => chartDrawn(charts.nth(i)), { timeout: 20_000 }).toBe(true);
  }
}

const rows = (scope: Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');
const cellTexts = (scope: Locator, column: number) =>
  rows(scope).evaluateAll(
    (trs, col) => trs.map((tr) => (tr.children[col]?.textContent ?? '').trim()),
    column,
  );

async function signIn(page: Page, user = 'user'): Promise<void> {
  await page.goto('/login');
  await login(page, user, user);
}

/** The breadcrumb's entries (antd puts the separators in entries of their own). */
async function breadcrumb(page: Page): Promise<string[]> {
  const items = page.locator('[data-testid=breadcrumb] li:not(.ant-breadcrumb-separator)');
  return (await items.allTextContents()).map((s) => s.trim());
}

async function checkPages(page: Page, locale: LocaleName): Promise<void> {
  const t = (key: string, params?: Record<string, string | number>) => text(key, locale, params);
  const menu = await topMenuLabels(page);
  expect(menu).not.toContain(t('menu.samples.title'));

  // Content analysis: the four opinion cards, the two charts and the author ranking.
  await gotoApp(page, '/samples/content-analysis');
  const analysis = page.locator('[data-testid=content-analysis]');
  await analysis.waitFor();
  expect(await breadcrumb(page)).toEqual([
    t('menu.samples.title'),
    t('menu.samples.content-analysis'),
  ]);
  for (const quota of ['visitors', 'comment', 'published', 'other'] as const) {
    const answer = await mockData<PublicOpinionAnalysis>(page, '/api/public-opinion-analysis', {
      quota,
    });
    const card = page.locator(`[data-testid=opinion-${quota}]`);
    await expect
      .poll(() => card.locator('.ant-statistic-content').textContent())
      .toBe(answer.count.toLocaleString(locale));
    expect(await card.locator('.ant-statistic-title').textContent()).toBe(
      t(`samples.analysis.quotas.${quota}`),
    );
  }
  await expectChartsDrawn(page, analysis, 6);
  const authors = await mockData<PopularAuthorList>(page, '/api/popular-author/list');
  const authorTable = page.locator('[data-testid=popular-authors]');
  await expect.poll(() => cellTexts(authorTable, 1)).toEqual(authors.list.map((a) => a.author));
  await page.screenshot({ path: `${SHOTS}/samples-analysis-${locale}.png`, fullPage: true });

  // Policy list: the first page of 55.
  await gotoApp(page, '/samples/policy-list');
  const policy = page.locator('[data-testid=policy-list]');
  const first = await mockData<PolicyPage>(page, '/api/list/policy');
  await expect.poll(() => cellTexts(policy, 1)).toEqual(first.list.map((r) => r.name));
  expect(await policy.locator('.ant-pagination-total-text').textContent()).toBe(
    t('samples.policy.total', { total: POLICY_TOTAL }),
  );
  // A peer of the page before, not its detail: the trail starts again.
  expect(await breadcrumb(page)).toEqual([t('menu.samples.title'), t('menu.samples.policy-list')]);
  await page.screenshot({ path: `${SHOTS}/samples-policy-${locale}.png`, fullPage: true });

  // Basic profile: the parameters and the change log.
  await gotoApp(page, '/samples/basic-profile');
  await page
    .locator('[data-testid=profile-video] .ant-descriptions-item-content')
    .first()
    .waitFor();
  await rows(page.locator('[data-testid=operation-log]')).first().waitFor();
  expect(await page.locator('[data-testid=profile-video]').textContent()).toContain(
    t('samples.profile.fields.encodingResolution'),
  );
  await page.screenshot({ path: `${SHOTS}/samples-profile-${locale}.png`, fullPage: true });

  // User info: projects, activity, visits, teams.
  await gotoApp(page, '/samples/user-info');
  const projects = await mockData<Project[]>(page, '/api/user/my-project/list');
  const projectCards = page.locator('[data-testid=my-projects] .sample-project');
  await expect.poll(() => projectCards.count()).toBe(projects.length);
  expect(await projectCards.first().locator('.ant-card-head-title').textContent()).toBe(
    projects[0]?.name,
  );
  await page.locator('[data-testid=latest-activity] .ant-list-item').first().waitFor();
  await page.locator('[data-testid=my-team] .ant-list-item').first().waitFor();
  await page.locator('[data-testid=visits] .ant-statistic').first().waitFor();
  await page.screenshot({ path: `${SHOTS}/samples-user-info-${locale}.png`, fullPage: true });

  // Certification: the enterprise and its records.
  await gotoApp(page, '/samples/certification');
  const certification = await mockData<Certification>(page, '/api/user/certification');
  const info = page.locator('[data-testid=enterprise-info]');
  await expect
    .poll(() => info.textContent())
    .toContain(certification.enterpriseInfo.enterpriseName);
  await expect
    .poll(() => rows(page.locator('[data-testid=certification-records]')).count())
    .toBe(certification.record.length);
  await page.screenshot({ path: `${SHOTS}/samples-certification-${locale}.png`, fullPage: true });

  // Settings: the form, in this locale.
  await gotoApp(page, '/samples/user-settings');
  await page.locator('#user-settings_email').waitFor();
  expect(await page.locator('label[for=user-settings_profile]').textContent()).toBe(
    t('samples.settings.fields.profile'),
  );
  await page.screenshot({ path: `${SHOTS}/samples-settings-${locale}.png`, fullPage: true });
}

e2eDescribe('sample pages', () => {
  const e2e = useE2E();

  it('every sample page shows its handlers’ data (zh-CN), none is in the menu', async () => {
    const { page } = e2e;
    await signIn(page);
    await checkPages(page, 'zh-CN');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('every sample page shows its handlers’ data (en-US), for the admin too', async () => {
    const { page, context } = e2e;
    await setLocale(context, 'en-US');
    await signIn(page, 'admin');
    await checkPages(page, 'en-US');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('a logged-out visit logs in and comes back to the sample page with its query', async () => {
    const { page } = e2e;
    await page.goto('/samples/policy-list?status=offline');
    await waitForPath(
      page,
      (p) => p.startsWith('/login?') && p.includes('redirect=samples.policy-list'),
    );
    await login(page, 'user', 'user');
    await waitForPath(page, '/samples/policy-list?status=offline');
    await rows(page.locator('[data-testid=policy-list]')).first().waitFor();
  });

  it('draws the charts in the dark theme', async () => {
    const { page, context } = e2e;
    await context.addInitScript(() =>
      localStorage.setItem('app-settings', JSON.stringify({ theme: 'dark' })),
    );
    await signIn(page);
    await gotoApp(page, '/samples/content-analysis');
    const analysis = page.locator('[data-testid=content-analysis]');
    await expectChartsDrawn(page, analysis, 6);
    expect(await page.evaluate(() => document.body.getAttribute('data-theme'))).toBe('dark');
    await page.screenshot({ path: `${SHOTS}/samples-analysis-dark.png`, fullPage: true });
  });

  it('the workplace links to each sample page', async () => {
    const { page } = e2e;
    await signIn(page);
    await gotoApp(page, '/dashboard/workplace');
    for (const name of SAMPLE_PAGES) {
      const link = page.locator(`[data-testid=sample-link-${name}]`);
      // A click measured before a late shift of the panels above would land beside the link.
      await waitForSteadyBox(link);
      await link.click();
      await waitForPath(page, `/samples/${name}`);
      await page.goBack();
      await waitForPath(page, '/dashboard/workplace');
    }
  });

  it('the policy table pages and filters with both kept in the URL, across a reload', async () => {
    const { page } = e2e;
    await signIn(page);
    await gotoApp(page, '/samples/policy-list');
    const table = page.locator('[data-testid=policy-list]');
    await rows(table).first().waitFor();

    // Page 2.
    await table.locator('.ant-pagination-item-2').click();
    await waitForPath(page, '/samples/policy-list?current=2');
    const second = await mockData<PolicyPage>(page, '/api/list/policy?current=2&pageSize=10');
    await expect.poll(() => cellTexts(table, 1)).toEqual(second.list.map((r) => r.name));

    // Filter: online rows. The page goes back to 1 and the total shrinks to the filtered one.
    const status = page.getByRole('combobox', { name: zh('samples.policy.fields.status') });
    await status.click({ force: true });
    const options = await selectOptions(page, status);
    await options.filter({ hasText: zh('samples.policy.enums.status.online') }).click();
    await page.locator('[data-testid=policy-search]').click();
    await waitForPath(page, '/samples/policy-list?status=online');
    const online = await mockData<PolicyPage>(page, '/api/list/policy?status=online');
    expect(online.total).toBeLessThan(POLICY_TOTAL);
    await expect.poll(() => cellTexts(table, 1)).toEqual(online.list.map((r) => r.name));
    await expect
      .poll(() => table.locator('.ant-pagination-total-text').textContent())
      .toBe(zh('samples.policy.total', { total: online.total }));
    const statuses = await cellTexts(table, 6);
    expect(new Set(statuses)).toEqual(new Set([zh('samples.policy.enums.status.online')]));

    // Name filter on top, then page 2 of what is left when there is one.
    const name = online.list[0]!.name.slice(0, 2);
    await page.locator('#policy-filter_name').fill(name);
    await page.locator('[data-testid=policy-search]').click();
    await waitForPath(
      page,
      (p) =>
        p.startsWith('/samples/policy-list?') && p.includes('status=online') && p.includes('name='),
    );
    const both = await mockData<PolicyPage>(
      page,
      `/api/list/policy?status=online&name=${encodeURIComponent(name)}`,
    );
    await expect.poll(() => cellTexts(table, 1)).toEqual(both.list.map((r) => r.name));
    const url = pathOf(page);

    // A reload shows the same filter in the form and the same rows.
    await page.reload();
    await rows(table).first().waitFor();
    expect(pathOf(page)).toBe(url);
    expect(await page.locator('#policy-filter_name').inputValue()).toBe(name);
    await expect.poll(() => cellTexts(table, 1)).toEqual(both.list.map((r) => r.name));
    await page.screenshot({ path: `${SHOTS}/samples-policy-filtered.png`, fullPage: true });

    // Back goes to the status filter alone; reset clears everything.
    await page.goBack();
    await waitForPath(page, '/samples/policy-list?status=online');
    await expect.poll(() => page.locator('#policy-filter_name').inputValue()).toBe('');
    await page.locator('[data-testid=policy-reset]').click();
    await waitForPath(page, '/samples/policy-list');
    await expect
      .poll(() => table.locator('.ant-pagination-total-text').textContent())
      .toBe(zh('samples.policy.total', { total: POLICY_TOTAL }));

    // A page past the last one of the filtered rows moves to the last page.
    const last = Math.ceil(online.total / 10);
    await page.goto(`/samples/policy-list?status=online&current=${last + 3}`);
    await waitForPath(page, `/samples/policy-list?current=${last}&status=online`);
    await expect
      .poll(() => cellTexts(table, 1))
      .toEqual(
        (
          await mockData<PolicyPage>(page, `/api/list/policy?status=online&current=${last}`)
        ).list.map((r) => r.name),
      );
  });

  it('the workplace shows the sample content chart and popular content by type', async () => {
    const { page } = e2e;
    await signIn(page);
    await gotoApp(page, '/dashboard/workplace');
    await page.locator('[data-testid=workplace-samples]').waitFor();
    await expectChartsDrawn(page, page.locator('[data-testid=sample-content-chart]'), 1);
    const popular = page.locator('[data-testid=sample-popular]');
    for (const type of ['text', 'image', 'video'] as const) {
      await popular
        .locator('.ant-segmented-item')
        .filter({ hasText: zh(`samples.workplace.popular.types.${type}`) })
        .click();
      const items = await mockData<{ title: string }[]>(page, `/api/popular/list?type=${type}`);
      await expect.poll(() => cellTexts(popular, 1)).toEqual(items.map((i) => i.title));
    }
    await page.screenshot({ path: `${SHOTS}/samples-workplace.png`, fullPage: true });
  });

  it('opening an unread workplace message sends the read call and it turns read', async () => {
    const { page } = e2e;
    await signIn(page);
    await gotoApp(page, '/dashboard/workplace');
    const box = page.locator('[data-testid=sample-messages]');
    const before = await mockData<Message[]>(page, '/api/message/list');
    const unread = before.find((m) => m.type === 'message' && m.status === 0);
    if (!unread) throw new Error('the sample box has no unread message');
    const item = box.locator(`[data-testid=message-${unread.id}]`);
    await expect.poll(() => item.getAttribute('data-status')).toBe('0');
    const badge = box.locator('[data-testid=unread-message] .ant-badge-count');
    const unreadCount = before.filter((m) => m.type === 'message' && m.status === 0).length;
    await expect.poll(() => badge.getAttribute('title')).toBe(String(unreadCount));

    const read = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/message/read',
    );
    await item.click();
    expect((await read).postDataJSON()).toEqual({ ids: [unread.id] });
    await expect.poll(() => item.getAttribute('data-status')).toBe('1');
    if (unreadCount > 1) {
      await expect.poll(() => badge.getAttribute('title')).toBe(String(unreadCount - 1));
    }
    const after = await mockData<Message[]>(page, '/api/message/list');
    expect(after.find((m) => m.id === unread.id)?.status).toBe(1);
    // Only that one flipped.
    expect(
      after.filter((m) => m.status !== before.find((b) => b.id === m.id)?.status),
    ).toHaveLength(1);

    // "Mark all read" on the notices tab reads every unread notice.
    await box
      .locator('.ant-tabs-tab')
      .filter({ hasText: zh('samples.messages.types.notice') })
      .click();
    const readAll = box.locator('[data-testid=messages-read-all]');
    await expect.poll(() => readAll.isEnabled()).toBe(true);
    await readAll.click();
    await expect.poll(() => readAll.isEnabled()).toBe(false);
    const final = await mockData<Message[]>(page, '/api/message/list');
    expect(final.filter((m) => m.type === 'notice' && m.status === 0)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/samples-messages.png`, fullPage: true });

    // The server keeps them read: a reload shows the same.
    await page.reload();
    await expect
      .poll(() => box.locator(`[data-testid=message-${unread.id}]`).getAttribute('data-status'))
      .toBe('1');
  });

  it('the settings form validates, then saves and uploads an avatar', async () => {
    const { page } = e2e;
    await signIn(page);
    await gotoApp(page, '/samples/user-settings');
    const save = page.locator('[data-testid=settings-save]');
    let saves = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/user/save-info') saves++;
    });

    await page.locator('#user-settings_email').fill('not-an-email');
    await page.locator('#user-settings_nickname').fill('');
    await page.locator('#user-settings_profile').fill('字'.repeat(201));
    await save.click();
    const errors = page.locator('.ant-form-item-explain-error');
    await expect
      .poll(() => errors.allTextContents())
      .toEqual([
        zh('samples.settings.rules.email'),
        zh('samples.settings.rules.nicknameRequired'),
        zh('samples.settings.rules.regionRequired'),
        zh('samples.settings.rules.profileMax', { max: 200 }),
      ]);
    await page.screenshot({ path: `${SHOTS}/samples-settings-invalid.png`, fullPage: true });
    expect(saves).toBe(0);

    await page.locator('#user-settings_email').fill('user@example.com');
    await page.locator('#user-settings_nickname').fill('小明');
    const region = page.locator('#user-settings_countryRegion');
    await region.click({ force: true });
    await (
      await selectOptions(page, region)
    )
      .filter({ hasText: zh('samples.settings.regions.china') })
      .click();
    await page.locator('#user-settings_profile').fill('负责提示词模板的运营。');
    const saved = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/user/save-info',
    );
    await save.click();
    expect((await saved).postDataJSON()).toEqual({
      email: 'user@example.com',
      nickname: '小明',
      countryRegion: 'china',
      profile: '负责提示词模板的运营。',
    });
    await page
      .locator('.ant-message-notice-success', { hasText: zh('samples.settings.saved') })
      .waitFor();
    await expect.poll(() => errors.count()).toBe(0);

    // The avatar: a 1×1 PNG, sent as multipart form data.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/user/upload',
    );
    await page
      .locator('[data-testid=user-settings] input[type=file]')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    const answer = await uploaded;
    expect(answer.request().headers()['content-type']).toMatch(/^multipart\/form-data/);
    expect(((await answer.json()) as { code: number }).code).toBe(20000);
    await page
      .locator('.ant-message-notice-success', { hasText: zh('samples.settings.avatar.done') })
      .waitFor();
    await expect
      .poll(() => page.locator('[data-testid=user-header] .ant-avatar img').getAttribute('src'))
      .toMatch(/^blob:/);
    await page.screenshot({ path: `${SHOTS}/samples-settings-saved.png`, fullPage: true });
    expect(e2e.pageErrors).toEqual([]);
  });
});
