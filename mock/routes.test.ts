import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../contract/api';
import { Code } from '../contract/envelope';
import { buildApp } from '../server/app';
import { describeBackends } from '../server/test/backends';
import { addUser, useTestApp } from '../server/test/harness';
import {
  CHART_POINTS,
  CHAT_ITEMS,
  DAILY_POINTS,
  DATA_CHAIN_QUOTAS,
  MOCK_CODE,
  PIE_SHARES,
  POLICY_CURRENT,
  POLICY_PAGE_SIZE,
  POLICY_TOTAL,
  POPULAR_ITEMS,
  POPULAR_TYPES,
  PUBLIC_OPINION_QUOTAS,
} from './constants';
import { MOCK_ROUTES, UPLOAD_LIMIT_BYTES } from './index';
import type {
  Certification,
  ChatItem,
  ContentDataPoint,
  ContentPeriodAnalysis,
  ContentPublishSeries,
  DataChainGrowth,
  DataOverview,
  LatestActivity,
  Message,
  OperationLog,
  PieSlice,
  PolicyPage,
  PopularAuthorList,
  PopularItem,
  ProfileBasic,
  Project,
  ProjectAndTeam,
  PublicOpinionAnalysis,
  QualityInspectionCard,
  RulePresetCard,
  ServiceCard,
  Team,
  ChartPoint,
  Visits,
} from './types';

/** A fixed clock: the sample dates are relative to it. */
const NOW = new Date('2025-03-15T08:00:00Z');

interface Reply {
  status: number;
  body: { code: number; msg: string; data: unknown };
  ms: number;
}

/**
 * The spec §7 sample handlers as the console calls them: behind the token, with the shapes of
 * spec §3 and the constants of §9, bad input answering 50000, state per server instance.
 */
describeBackends('mock handlers', (backend) => {
  const t = useTestApp(backend, {
    seed: false,
    // Many calls without a token below; the per-address budget for strangers is not tested here.
    anonymousLimit: false,
    mock: { now: () => NOW },
    prepare: async (db) => {
      await addUser(db, '1', 'user');
      await addUser(db, '2', 'other');
    },
  });
  let user = '';
  let other = '';
  beforeAll(async () => {
    user = await t.login('user');
    other = await t.login('other');
  });

  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; token?: string | null; lang?: string; app?: FastifyInstance } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    const token = options.token === undefined ? user : options.token;
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    const started = performance.now();
    const res = await (options.app ?? t.app).inject({
      method,
      url,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { status: res.statusCode, body: res.json(), ms: performance.now() - started };
  }

  /** The data of a successful sample call (code 20000). */
  async function data<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
    const reply = await call(method, url, { body });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.code).toBe(MOCK_CODE.OK);
    expect(reply.body.msg).toBe('成功');
    return reply.body.data as T;
  }

  const get = <T>(url: string) => data<T>('GET', url);
  const post = <T>(url: string, body?: unknown) => data<T>('POST', url, body);

  function expectRefused(reply: Reply, field: string, message: RegExp) {
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body.code).toBe(MOCK_CODE.FAILURE);
    expect(reply.body.msg).toMatch(message);
    const issues = (reply.body.data as { issues: { field: string; message: string }[] }).issues;
    expect(issues.map((i) => i.field)).toContain(field);
  }

  it('uses the spec §8 codes: 20000 success, 50000 failure', () => {
    expect(MOCK_CODE).toEqual({ OK: 20000, FAILURE: 50000, NOT_LOGGED_IN: 50008 });
    expect(MOCK_CODE.OK).toBe(Code.LEGACY_OK);
    expect(MOCK_CODE.FAILURE).toBe(Code.INTERNAL);
    expect(MOCK_CODE.NOT_LOGGED_IN).toBe(Code.TOKEN_INVALID);
  });

  it('needs a valid token on every sample call (50008 without)', async () => {
    expect(MOCK_ROUTES.length).toBe(26);
    for (const route of MOCK_ROUTES) {
      for (const token of [null, 'not-a-token']) {
        const body = route.method === 'POST' ? {} : undefined;
        const reply = await call(route.method, route.url, { token, body });
        expect(reply.status, `${route.method} ${route.url}`).toBe(401);
        expect(reply.body.code).toBe(Code.TOKEN_INVALID);
      }
    }
  });

  it('mounts every sample call, documented under the tag mock', async () => {
    const spec = t.app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    };
    for (const route of MOCK_ROUTES) {
      const operation = spec.paths[route.url]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.tags).toEqual(['mock']);
      expect(operation!.security).toEqual([{ bearer: [] }]);
    }
  });

  it('leaves the template-demo calls unmounted and the real menu and scene list alone', async () => {
    for (const path of ['/api/user/info', '/api/user/login', '/api/user/logout']) {
      for (const method of ['GET', 'POST'] as const) {
        const reply = await call(method, path, { lang: 'en-US' });
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(reply.body).toEqual({ code: Code.NOT_FOUND, msg: 'No such endpoint', data: null });
      }
    }
    const menu = await call('POST', '/api/user/menu');
    expect(menu.body.code).toBe(Code.OK);
    expect(Array.isArray(menu.body.data)).toBe(true);
    // scene/page is never mocked: the real list answers code 0 from the (empty) database.
    const scenes = await call('POST', apiPath('scene', 'page'), {
      body: { current: 1, pageSize: 10 },
    });
    expect(scenes.body).toMatchObject({ code: Code.OK, data: { total: 0, list: [] } });
    expect((await call('GET', apiPath('scene', 'page'))).status).toBe(404);
  });

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
      const theirs = await call('GET', '/api/message/list', { token: other });
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
          authorization: `Bearer ${user}`,
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

  describe('list pages', () => {
    it('card lists: quality inspection, services (button), preset rules (switch)', async () => {
      const queues = await get<QualityInspectionCard[]>('/api/list/quality-inspection');
      expect(queues.length).toBeGreaterThan(0);
      for (const q of queues) {
        expect(q.data.map((d) => d.label)).toEqual(['待质检数', '积压时长', '待抽检数']);
        expect(q.title).toBe(q.name);
      }
      const services = await get<ServiceCard[]>('/api/list/the-service');
      expect(services.length).toBeGreaterThan(0);
      for (const s of services) {
        expect(s.actionType).toBe('button');
        expect(s.icon).toMatch(/Outlined$/);
        expect(typeof s.enable).toBe('boolean');
        expect(typeof s.expires).toBe('boolean');
      }
      const rules = await get<RulePresetCard[]>('/api/list/rules-preset');
      expect(rules.length).toBeGreaterThan(0);
      for (const r of rules) expect(r.actionType).toBe('switch');
    });

    it('policy list: total 55, page 1 of 10 by default, stable pages', async () => {
      const first = await get<PolicyPage>('/api/list/policy');
      expect(first.total).toBe(POLICY_TOTAL);
      expect(first.list).toHaveLength(POLICY_PAGE_SIZE);
      expect(POLICY_CURRENT).toBe(1);
      expect(first.list[0]!.id).toBe(1);
      const row = first.list[0]!;
      expect(Object.keys(row).sort()).toEqual(
        [
          'contentType',
          'count',
          'createdTime',
          'filterType',
          'id',
          'name',
          'number',
          'status',
        ].sort(),
      );
      const ids: number[] = [];
      for (let current = 1; current <= 6; current++) {
        const page = await get<PolicyPage>(`/api/list/policy?current=${current}&pageSize=10`);
        expect(page.total).toBe(55);
        ids.push(...page.list.map((r) => r.id));
      }
      expect(ids).toHaveLength(55);
      expect(new Set(ids).size).toBe(55);
      expect(await get('/api/list/policy?current=1&pageSize=10')).toEqual(first);
    });

    it('policy list: filters narrow the total', async () => {
      const online = await get<PolicyPage>('/api/list/policy?status=online&pageSize=100');
      const offline = await get<PolicyPage>('/api/list/policy?status=offline&pageSize=100');
      expect(online.total + offline.total).toBe(55);
      expect(online.list.every((r) => r.status === 'online')).toBe(true);
      const narrow = await get<PolicyPage>(
        `/api/list/policy?status=online&contentType=img&filterType=rules&name=${encodeURIComponent('客服')}&pageSize=100`,
      );
      expect(narrow.total).toBeLessThan(online.total);
      expect(narrow.total).toBe(narrow.list.length);
      for (const r of narrow.list) {
        expect(r).toMatchObject({ status: 'online', contentType: 'img', filterType: 'rules' });
        expect(r.name).toContain('客服');
      }
      const recent = await get<PolicyPage>(
        '/api/list/policy?createdTime=2025-03-01&createdTime=2025-03-15&pageSize=100',
      );
      expect(recent.total).toBeGreaterThan(0);
      expect(recent.total).toBeLessThan(55);
      for (const r of recent.list) expect(r.createdTime >= '2025-03-01').toBe(true);
      const joined = await get<PolicyPage>(
        '/api/list/policy?createdTime=2025-03-01,2025-03-15&pageSize=100',
      );
      expect(joined).toEqual(recent);
    });

    it('policy list: a non-numeric or out-of-range page answers 50000, translated', async () => {
      expectRefused(
        await call('GET', '/api/list/policy?current=abc'),
        'current',
        /current：应为number类型/,
      );
      expectRefused(
        await call('GET', '/api/list/policy?current=abc', { lang: 'en-US' }),
        'current',
        /current: must be of type number/,
      );
      expectRefused(
        await call('GET', '/api/list/policy?pageSize=1000', { lang: 'en-US' }),
        'pageSize',
        /pageSize: must be at most 100/,
      );
      expectRefused(
        await call('GET', '/api/list/policy?status=archived', { lang: 'en-US' }),
        'status',
        /must be one of online, offline/,
      );
    });

    it('channel form: ok, and the spec §5 bounds answer 50000', async () => {
      expect(
        await post('/api/channel-form/submit', {
          activityName: '春季模板大赛',
          channelType: '1',
          promoteLink: 'https://copilot.example.com/activity',
          advertisingContent: '提交你的提示词模板，赢取调用额度',
        }),
      ).toBe('ok');
      expect(await post('/api/channel-form/submit', {})).toBe('ok');
      expectRefused(
        await call('POST', '/api/channel-form/submit', {
          body: { activityName: '名'.repeat(21) },
          lang: 'en-US',
        }),
        'activityName',
        /at most 20/,
      );
      expectRefused(
        await call('POST', '/api/channel-form/submit', { body: { promoteLink: 'ftp://x' } }),
        'promoteLink',
        /http:\/\//,
      );
    });

    it('basic profile and its operation log', async () => {
      const profile = await get<ProfileBasic>('/api/profile/basic');
      expect(profile).toMatchObject({
        status: expect.any(Number),
        video: {
          mode: expect.any(String),
          acquisition: { resolution: expect.any(String), frameRate: expect.any(Number) },
          encoding: {
            resolution: expect.any(String),
            rate: { min: expect.any(Number), max: expect.any(Number), default: expect.any(Number) },
            frameRate: expect.any(Number),
            profile: expect.any(String),
          },
        },
        audio: {
          mode: expect.any(String),
          acquisition: { channels: expect.any(Number) },
          encoding: { channels: expect.any(Number), rate: expect.any(Number), profile: 'ACC' },
        },
      });
      const log = await get<OperationLog[]>('/api/operation/log');
      expect(log.length).toBeGreaterThan(0);
      for (const entry of log) {
        expect(Object.keys(entry).sort()).toEqual(
          ['contentNumber', 'key', 'status', 'updateContent', 'updateTime'].sort(),
        );
        expect(Number.isNaN(Date.parse(entry.updateTime))).toBe(false);
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

  describe('user center', () => {
    it('projects, activity, visits, filters and teams', async () => {
      const projects = await get<Project[]>('/api/user/my-project/list');
      expect(projects.length).toBeGreaterThan(0);
      for (const p of projects) {
        expect(p.contributors.length).toBeGreaterThan(0);
        for (const c of p.contributors) {
          expect(c.email).toMatch(/@/);
          expect(c.avatar).toMatch(/^data:image\/svg\+xml/);
        }
      }
      const activity = await get<LatestActivity[]>('/api/user/latest-activity');
      expect(activity.length).toBeGreaterThan(0);
      const visits = await get<Visits[]>('/api/user/visits');
      expect(visits).toHaveLength(2);
      const filters = await get<ProjectAndTeam[]>('/api/user/project-and-team/list');
      expect(filters.map((f) => f.id)).toEqual([1, 2, 3, 4]);
      const teams = await get<Team[]>('/api/user/my-team/list');
      expect(teams.length).toBeGreaterThan(0);
      for (const team of teams) expect(team.peopleNumber).toBeGreaterThan(0);
    });

    it('save-info and upload answer ok; save-info checks its bounds', async () => {
      expect(
        await post('/api/user/save-info', {
          email: 'user@example.com',
          nickname: '运营小王',
          countryRegion: 'China',
          area: 'Beijing',
          address: '海淀区',
          profile: '负责客服场景的提示词运营',
        }),
      ).toBe('ok');
      expectRefused(
        await call('POST', '/api/user/save-info', {
          body: { profile: '长'.repeat(201) },
          lang: 'en-US',
        }),
        'profile',
        /at most 200/,
      );
      expect(await post('/api/user/upload', { name: 'avatar.png' })).toBe('ok');
      const boundary = '----mock-test';
      const multipart = await t.app.inject({
        method: 'POST',
        url: '/api/user/upload',
        headers: {
          authorization: `Bearer ${user}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          `Content-Type: image/png\r\n\r\n\x89PNG...\r\n--${boundary}--\r\n`,
      });
      expect(multipart.json()).toMatchObject({ code: MOCK_CODE.OK, data: 'ok' });
      const upload = (token: string | null, payload: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/upload',
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload,
        });
      expect((await upload(null, `--${boundary}--\r\n`)).json().code).toBe(Code.TOKEN_INVALID);
      const tooLarge = await upload(user, 'x'.repeat(UPLOAD_LIMIT_BYTES + 1));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().code).toBe(MOCK_CODE.FAILURE);
      // Multipart is read by the upload alone; other calls still refuse it.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/user/save-info',
        headers: {
          authorization: `Bearer ${user}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: `--${boundary}--\r\n`,
      });
      expect(elsewhere.statusCode).toBeGreaterThanOrEqual(400);
      expect(elsewhere.statusCode).toBeLessThan(500);
    });

    it('certification: enterprise info and its records', async () => {
      const cert = await get<Certification>('/api/user/certification');
      expect(Object.keys(cert.enterpriseInfo).sort()).toEqual(
        [
          'accountType',
          'status',
          'time',
          'legalPerson',
          'certificateType',
          'authenticationNumber',
          'enterpriseName',
          'enterpriseCertificateType',
          'organizationCode',
        ].sort(),
      );
      expect(cert.record.length).toBeGreaterThan(0);
      for (const r of cert.record) {
        expect(Object.keys(r).sort()).toEqual(
          ['certificationContent', 'certificationType', 'status', 'time'].sort(),
        );
      }
    });
  });

  it('answers the same data on every call (seeded, not random)', async () => {
    for (const route of MOCK_ROUTES.filter((r) => r.method === 'GET')) {
      const a = await call('GET', route.url);
      const b = await call('GET', route.url);
      expect(a.body, route.url).toEqual(b.body);
    }
  });
});

/** The delay of spec §7, measured with a short setting rather than the real 600–1000 ms. */
describeBackends('mock delay', (backend) => {
  const t = useTestApp(backend, { seed: false, prepare: (db) => addUser(db, '1', 'user') });
  let slow: FastifyInstance;
  let token = '';
  beforeAll(async () => {
    token = await t.login('user');
    slow = await buildApp({ db: t.db, mock: { delay: { min: 150, max: 150 } } });
  });
  afterAll(() => slow?.close());

  const timed = async (app: FastifyInstance, url: string) => {
    const started = performance.now();
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.json().code).toBe(MOCK_CODE.OK);
    return performance.now() - started;
  };

  it('waits the configured time before a sample answer, and not at all when off', async () => {
    expect(await timed(slow, '/api/content-data')).toBeGreaterThanOrEqual(145);
    expect(await timed(slow, '/api/list/policy?current=2')).toBeGreaterThanOrEqual(145);
    // buildApp's default (what tests get): no delay.
    const fast = Math.min(
      await timed(t.app, '/api/content-data'),
      await timed(t.app, '/api/content-data'),
    );
    expect(fast).toBeLessThan(145);
  });

  it('delays only the sample calls', async () => {
    const started = performance.now();
    const res = await slow.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(145);
  });
});
