import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { describeBackends } from '../../server/test/backends';
import {
  CHART_POINTS,
  CHAT_ITEMS,
  DAILY_POINTS,
  DATA_CHAIN_QUOTAS,
  MOCK_CODE,
  PIE_SHARES,
  POPULAR_ITEMS,
  POPULAR_TYPES,
  PUBLIC_OPINION_QUOTAS,
} from '../constants';
import type {
  ChatItem,
  ContentDataPoint,
  ContentPeriodAnalysis,
  ContentPublishSeries,
  DataChainGrowth,
  DataOverview,
  Message,
  PieSlice,
  PopularAuthorList,
  PopularItem,
  PublicOpinionAnalysis,
  ChartPoint,
} from '../types';
import { NOW, useMockClient } from '../test-client';

/** The workplace panels and the content analytics samples (spec §7), with their bad input. */
describeBackends('mock handlers: dashboards', (backend) => {
  const { t, tokens, call, get, post, expectRefused } = useMockClient(backend);

  describe('workplace panels', () => {
    it('message list: messages, notices and to-dos with their state', async () => {
      const list = await get<Message[]>('/api/message/list');
      expect(new Set(list.map((m) => m.type))).toEqual(new Set(['message', 'notice', 'todo']));
      expect(new Set(list.map((m) => m.id)).size).toBe(list.length);
      for (const m of list) {
        expect([0, 1]).toContain(m.status);
        expect(Date.parse(m.time)).toBeLessThanOrEqual(NOW.getTime());
        if (m.type === 'message') {
          expect(m.messageType).toBeUndefined();
          expect(m.avatar).toMatch(/^data:image\/svg\+xml/);
          expect(m.subTitle).not.toBe('');
        } else {
          expect([0, 1, 3]).toContain(m.messageType);
          expect(m.avatar).toBe('');
        }
      }
      expect(list.some((m) => m.status === 0)).toBe(true);
    });

    it('message read: flips only the ids sent, for the caller, on this instance only', async () => {
      const before = await get<Message[]>('/api/message/list');
      const unread = before.filter((m) => m.status === 0).map((m) => m.id);
      expect(unread.length).toBeGreaterThanOrEqual(3);
      const [first, second] = unread;
      expect(await post('/api/message/read', { ids: [first, second, 9_999] })).toBe(true);
      const after = await get<Message[]>('/api/message/list');
      for (const m of after) {
        const was = before.find((b) => b.id === m.id)!.status;
        expect(m.status, `message ${m.id}`).toBe(m.id === first || m.id === second ? 1 : was);
      }
      // Reading again changes nothing; an empty list is fine.
      expect(await post('/api/message/read', { ids: [first] })).toBe(true);
      expect(await post('/api/message/read', { ids: [] })).toBe(true);
      expect(await get<Message[]>('/api/message/list')).toEqual(after);

      // Another account still has them unread.
      const theirs = await call('GET', '/api/message/list', { token: tokens.other });
      const mine = theirs.body.data as Message[];
      expect(mine.find((m) => m.id === first)!.status).toBe(0);

      // Another server instance on the same database keeps its own state.
      const second_ = await buildApp({ db: t.db, mock: { now: () => NOW } });
      try {
        const fresh = await call('GET', '/api/message/list', { app: second_ });
        expect((fresh.body.data as Message[]).find((m) => m.id === first)!.status).toBe(0);
        expect(fresh.body.data).toEqual(before);
      } finally {
        await second_.close();
      }
    });

    it('message read: refuses a bad body with 50000, translated', async () => {
      expectRefused(
        await call('POST', '/api/message/read', { body: { ids: ['a'] }, lang: 'en-US' }),
        'ids.0',
        /ids\.0: must be of type number/,
      );
      expectRefused(await call('POST', '/api/message/read', { body: {} }), 'ids', /ids：必填/);
      const noBody = await call('POST', '/api/message/read');
      expect(noBody.body.code).toBe(MOCK_CODE.FAILURE);
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/message/read',
        headers: {
          authorization: `Bearer ${tokens.user}`,
          'content-type': 'application/json',
          'accept-language': 'en-US',
        },
        payload: '{"ids": [1',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({
        code: MOCK_CODE.FAILURE,
        msg: 'The request body is not valid JSON',
      });
      const extra = await call('POST', '/api/message/read', { body: { ids: [1], x: 1 } });
      expect(extra.body.code).toBe(MOCK_CODE.FAILURE);
    });

    it('content data: 8 daily points ending today', async () => {
      const points = await get<ContentDataPoint[]>('/api/content-data');
      expect(points).toHaveLength(DAILY_POINTS);
      expect(points.map((p) => p.x)).toEqual([
        '2025-03-08',
        '2025-03-09',
        '2025-03-10',
        '2025-03-11',
        '2025-03-12',
        '2025-03-13',
        '2025-03-14',
        '2025-03-15',
      ]);
      for (const p of points) expect(typeof p.y).toBe('number');
      expect(await get('/api/content-data')).toEqual(points);
    });

    it('popular list: 5 items per type, text by default, most clicked first', async () => {
      const byType: Record<string, PopularItem[]> = {};
      for (const type of POPULAR_TYPES) {
        const items = await get<PopularItem[]>(`/api/popular/list?type=${type}`);
        expect(items, type).toHaveLength(POPULAR_ITEMS);
        expect(items.map((i) => i.key)).toEqual([1, 2, 3, 4, 5]);
        const clicks = items.map((i) => i.clickNumber);
        expect([...clicks].sort((a, b) => b - a)).toEqual(clicks);
        expect(items[0]!.width).toBe(100);
        for (const item of items) {
          expect(item.width).toBeGreaterThan(0);
          expect(item.width).toBeLessThanOrEqual(100);
          expect(typeof item.increases).toBe('number');
          expect(item.title).not.toBe('');
        }
        byType[type] = items;
      }
      expect(await get('/api/popular/list')).toEqual(byType.text);
      expect(await get('/api/popular/list?type=')).toEqual(byType.text);
      expect(byType.image).not.toEqual(byType.video);
      expectRefused(
        await call('GET', '/api/popular/list?type=audio', { lang: 'en-US' }),
        'type',
        /type: must be one of text, image, video/,
      );
    });

    it('chat list: 4 to 6 items', async () => {
      const chats = await get<ChatItem[]>('/api/chat/list');
      expect(chats.length).toBeGreaterThanOrEqual(CHAT_ITEMS.min);
      expect(chats.length).toBeLessThanOrEqual(CHAT_ITEMS.max);
      for (const c of chats) {
        expect(Object.keys(c).sort()).toEqual(['content', 'id', 'isCollect', 'time', 'username']);
        expect(typeof c.isCollect).toBe('boolean');
      }
    });
  });

  describe('content analytics', () => {
    it('public opinion: 12 points per year, 12 days, or the 25/35/40 pie', async () => {
      for (const quota of PUBLIC_OPINION_QUOTAS) {
        const answer = await post<PublicOpinionAnalysis>('/api/public-opinion-analysis', {
          quota,
        });
        expect(typeof answer.count).toBe('number');
        expect(typeof answer.growth).toBe('number');
        if (quota === 'other') {
          const pie = answer.chartData as PieSlice[];
          expect(pie.map((s) => s.value)).toEqual([...PIE_SHARES]);
          expect(pie.map((s) => s.value)).toEqual([25, 35, 40]);
          for (const s of pie) expect(s.color).toMatch(/^#[0-9A-F]{6}$/i);
          continue;
        }
        const points = answer.chartData as ChartPoint[];
        const series = [...new Set(points.map((p) => p.name))];
        for (const name of series) {
          expect(
            points.filter((p) => p.name === name),
            `${quota} ${name}`,
          ).toHaveLength(CHART_POINTS);
        }
        if (quota === 'published') {
          expect(series).toHaveLength(1);
          expect(points.at(-1)!.x).toBe('2025-03-15');
        } else {
          expect(series).toEqual(['2025', '2024']);
          expect(points.slice(0, 12).map((p) => p.x)).toEqual(
            Array.from({ length: 12 }, (_, i) => String(i + 1)),
          );
        }
      }
    });

    it('public opinion: a wrong or missing quota answers 50000, translated', async () => {
      expectRefused(
        await call('POST', '/api/public-opinion-analysis', { body: { quota: 'likes' } }),
        'quota',
        /quota：取值必须是 visitors, comment, published, other 之一/,
      );
      expectRefused(
        await call('POST', '/api/public-opinion-analysis', { body: {}, lang: 'en-US' }),
        'quota',
        /quota: must be one of visitors, comment, published, other/,
      );
    });

    it('content period and publish: 12 two-hour slots per series', async () => {
      const period = await get<ContentPeriodAnalysis>('/api/content-period-analysis');
      expect(period.xAxis).toHaveLength(CHART_POINTS);
      expect(period.xAxis[0]).toBe('00:00');
      expect(period.xAxis.at(-1)).toBe('22:00');
      expect(period.data.length).toBeGreaterThan(0);
      for (const s of period.data) expect(s.value).toHaveLength(CHART_POINTS);
      const publish = await get<ContentPublishSeries[]>('/api/content-publish');
      expect(publish).toHaveLength(3);
      for (const s of publish) {
        expect(s.x).toHaveLength(CHART_POINTS);
        expect(s.y).toHaveLength(CHART_POINTS);
      }
    });

    it('popular authors: ranked from 1, most clicked first', async () => {
      const { list } = await get<PopularAuthorList>('/api/popular-author/list');
      expect(list.map((a) => a.ranking)).toEqual(list.map((_, i) => i + 1));
      const clicks = list.map((a) => a.clickCount);
      expect([...clicks].sort((a, b) => b - a)).toEqual(clicks);
    });

    it('data-chain growth: 12 daily points for each quota; a bad quota answers 50000', async () => {
      for (const quota of DATA_CHAIN_QUOTAS) {
        const answer = await post<DataChainGrowth>('/api/data-chain-growth', { quota });
        expect(answer.chartData.xAxis).toHaveLength(CHART_POINTS);
        expect(answer.chartData.xAxis.at(-1)).toBe('2025-03-15');
        expect(answer.chartData.data.name).toBe(quota);
        expect(answer.chartData.data.value).toHaveLength(CHART_POINTS);
      }
      expectRefused(
        await call('POST', '/api/data-chain-growth', { body: { quota: 'visitors' } }),
        'quota',
        /quota：取值必须是/,
      );
    });

    it('data overview: 8 days of each measure with its total', async () => {
      const overview = await get<DataOverview>('/api/data-overview');
      expect(overview.xAxis).toHaveLength(DAILY_POINTS);
      expect(overview.xAxis.at(-1)).toBe('2025-03-15');
      expect(overview.data).toHaveLength(4);
      for (const s of overview.data) {
        expect(s.value).toHaveLength(DAILY_POINTS);
        expect(typeof s.count).toBe('number');
      }
    });
  });
});
