/**
 * The workplace: every figure equals what the API answers when the test asks it
 * with the page's own token, in both locales, as the user and as the admin. The admin has no
 * record, corpus or evaluation pages (spec §2): their panels are left out, and so are their
 * calls. Screenshots of each.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { SceneListAnswer, SeriesAnswer } from '../contract/statistics';
import { formatCount, formatDate, formatMoney, formatShare } from '../src/components/charts/format';
import {
  annotationProgress,
  changeAgainst,
  RECENT_SESSIONS,
  todayAndYesterday,
  workplaceQueries,
} from '../src/pages/workplace/figures';
import { todayIn } from '../src/resources/scene/statistics/filters';
import { e2eDescribe, gotoApp, login, setLocale, text, useE2E, type LocaleName } from './harness';
import { apiCall } from './harness/ui';

const SHOTS = '/tmp/shots';

interface ListAnswer<T> {
  list: T[];
  total: number;
}

async function ok<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await apiCall<T>(page, path, body);
  expect(answer.code, path).toBe(0);
  return answer.data;
}

/** The total of a list call, asked the way the page asks it (one row, only the count). */
async function totalOf(page: Page, path: string, extra: Record<string, unknown> = {}) {
  return (await ok<ListAnswer<unknown>>(page, path, { current: 1, pageSize: 1, ...extra })).total;
}

/** The figure a card shows, once it has loaded. */
async function shown(page: Page, key: string): Promise<string> {
  const value = page.getByTestId(`workplace-${key}-value`);
  await value.waitFor();
  return ((await value.textContent()) ?? '').trim();
}

const ACCOUNTS = [
  { role: 'user', password: 'user' },
  { role: 'admin', password: 'admin' },
] as const;

e2eDescribe('workplace', () => {
  const e2e = useE2E();

  for (const { role, password } of ACCOUNTS) {
    for (const locale of ['zh-CN', 'en-US'] as LocaleName[]) {
      const tr = (key: string, params?: Record<string, string | number>) =>
        text(key, locale, params);
      const suffix = `${role}-${locale === 'zh-CN' ? 'zh' : 'en'}`;

      it(`${role}, ${locale}: the figures are the API's`, async () => {
        const { page } = e2e;
        if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
        const asked: string[] = [];
        page.on('request', (r) => {
          const path = new URL(r.url()).pathname;
          if (path.startsWith('/api/manage/v1/')) asked.push(path.slice('/api/manage/v1/'.length));
        });
        await page.goto('/login');
        await login(page, role, password);
        await gotoApp(page, '/dashboard/workplace');
        const user = role === 'user';

        const today = todayIn();
        const queries = workplaceQueries(today);
        const enabled = [{ field: 'status', operator: 'eq', value: 1 }];
        const [scenes, platform, personal, calls, chats, week, top] = await Promise.all([
          totalOf(page, 'scene/page'),
          totalOf(page, 'prompt/page', { filters: enabled, scope: 'public' }),
          user ? totalOf(page, 'prompt/page', { filters: enabled, scope: 'personal' }) : 0,
          ok<SeriesAnswer>(page, 'statistic/scene/times/list', queries.trend),
          ok<SeriesAnswer>(page, 'statistic/scene/chat/times/list', queries.trend),
          ok<SceneListAnswer>(page, 'statistic/scene/list', queries.week),
          ok<SceneListAnswer>(page, 'statistic/scene/list', queries.top),
        ]);
        const count = (n: number) => formatCount(n, locale);

        expect(await shown(page, 'scenes')).toBe(count(scenes));
        expect(await shown(page, 'templates')).toBe(count(platform + personal));
        const callDays = todayAndYesterday(calls, today);
        const chatDays = todayAndYesterday(chats, today);
        expect(await shown(page, 'callsToday')).toBe(count(callDays.today));
        expect(await shown(page, 'sessionsToday')).toBe(count(chatDays.today));
        expect(await shown(page, 'tokensWeek')).toBe(count(week.totals.totalTokens));
        expect(await shown(page, 'costWeek')).toBe(formatMoney(week.totals.cost, locale));
        // The change against yesterday: its direction, and its percent when yesterday had any.
        for (const [key, days] of [
          ['callsToday', callDays],
          ['sessionsToday', chatDays],
        ] as const) {
          const change = changeAgainst(days.today, days.yesterday);
          const note = page.getByTestId(`workplace-${key}`).locator('[data-direction]');
          expect(await note.getAttribute('data-direction')).toBe(change.direction);
          if (change.percent !== null && change.direction !== 'flat') {
            expect(await note.textContent()).toContain(formatShare(change.percent / 100, locale));
          }
        }
        expect(await page.getByTestId('workplace').textContent()).toContain(
          tr('workplace.kpi.weekSince', { date: formatDate(queries.week.startDate, locale) }),
        );

        // The busiest scenes of the last 7 days, in order, with their calls.
        const busiest = [...top.list]
          .sort((a, b) => b.calls - a.calls || a.sceneCode.localeCompare(b.sceneCode))
          .slice(0, 5);
        await expect
          .poll(() => page.getByTestId('workplace-top-calls').allTextContents())
          .toEqual(busiest.map((r) => count(r.calls)));

        if (user) {
          let sets: { itemCount: number; annotatedCount: number }[] = [];
          for (let current = 1; ; current += 1) {
            const pageOf = await ok<ListAnswer<(typeof sets)[number]>>(page, 'corpus/page', {
              current,
              pageSize: 100,
            });
            sets = sets.concat(pageOf.list);
            if (sets.length >= pageOf.total || pageOf.list.length === 0) break;
          }
          const progress = annotationProgress(sets);
          expect(progress.items).toBeGreaterThan(0);
          expect(await shown(page, 'annotation')).toBe(formatShare(progress.share, locale));
          expect(await page.getByTestId('workplace-annotation').textContent()).toContain(
            tr('workplace.kpi.annotated', {
              annotated: count(progress.annotated),
              items: count(progress.items),
            }),
          );
          const running = await totalOf(page, 'model-evaluate/page', {
            filters: [{ field: 'state', operator: 'eq', value: 'running' }],
          });
          expect(await shown(page, 'evaluationsRunning')).toBe(count(running));

          const recent = await ok<ListAnswer<{ id: number; title: string | null; chatId: string }>>(
            page,
            'record/page',
            { current: 1, pageSize: RECENT_SESSIONS },
          );
          const items = page.getByTestId('workplace-recent-item');
          await expect.poll(() => items.count()).toBe(recent.list.length);
          const first = recent.list[0]!;
          const link = items.first().locator('a').first();
          expect(await link.textContent()).toBe(first.title || first.chatId);
          expect(await link.getAttribute('href')).toBe(`/record/detail?id=${first.id}`);
        } else {
          // The admin cannot open record, corpus or evaluation pages: no panels, no calls.
          for (const id of [
            'workplace-annotation',
            'workplace-evaluationsRunning',
            'workplace-recent',
            'workplace-link-corpus',
            'workplace-link-evaluations',
            'workplace-link-records',
          ]) {
            expect(await page.getByTestId(id).count(), id).toBe(0);
          }
          await page.getByTestId('workplace-link-users').waitFor();
          expect(asked.filter((p) => /^(corpus|model-evaluate|record)\//.test(p))).toEqual([]);
        }
        await page.getByTestId('workplace-trend-chart').locator('canvas').first().waitFor();
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}/workplace-${suffix}.png`, fullPage: true });

        // A card leads to the page behind it: today's calls to the statistics of today.
        await page.getByTestId('workplace-callsToday').click();
        await expect.poll(() => new URL(page.url()).search).toBe('?range=today');
        expect(new URL(page.url()).pathname).toBe('/scene/statistics');
        expect(e2e.pageErrors).toEqual([]);
      });
    }
  }

  it('the panels keep their places while their answers arrive, at 1,366 and 1,920 px (no layout shift)', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    // The test server answers the sample calls at once; hold each back as the real handlers do,
    // so the skeletons are on screen first and their heights are what is checked.
    await page.route('**/api/**', async (route) => {
      await new Promise((done) => setTimeout(done, 700));
      await route.continue();
    });
    // A wider screen wraps the messages less: the loaded panel must keep its skeleton's height.
    for (const width of [1366, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoApp(page, '/dashboard/workplace');
      // The last panel's top, every 50 ms from the moment the panels show until all have
      // loaded: each skeleton already takes its content's height, so nothing above it may
      // move it.
      const links = page.getByTestId('sample-links');
      const top = () =>
        links.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY));
      await links.waitFor();
      const tops = new Set<number>();
      const deadline = Date.now() + 4000;
      while (Date.now() < deadline) {
        tops.add(await top());
        await page.waitForTimeout(50);
      }
      await page.getByTestId('workplace-trend-chart').locator('canvas').first().waitFor();
      await page.getByTestId('sample-messages').locator('.ant-tabs').waitFor();
      tops.add(await top());
      expect([...tops], `${width} px`).toHaveLength(1);
    }
  });
});
