import { describe, expect, it } from 'vitest';
import { Code } from '../../contract/envelope';
import { describeBackends } from '../../server/test/backends';
import { MOCK_CODE, POLICY_CURRENT, POLICY_PAGE_SIZE, POLICY_TOTAL } from '../constants';
import { UPLOAD_LIMIT_BYTES } from '../index';
import type {
  Certification,
  LatestActivity,
  OperationLog,
  PolicyPage,
  ProfileBasic,
  Project,
  ProjectAndTeam,
  QualityInspectionCard,
  RulePresetCard,
  ServiceCard,
  Team,
  Visits,
} from '../types';
import { useMockClient } from '../test-client';

/** The list pages and the user center samples (spec §7): shapes, paging, bad input, uploads. */
describeBackends('mock handlers: list pages and user center', (backend) => {
  const { t, tokens, call, get, post, expectRefused } = useMockClient(backend);

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
          authorization: `Bearer ${tokens.user}`,
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
      const tooLarge = await upload(tokens.user, 'x'.repeat(UPLOAD_LIMIT_BYTES + 1));
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().code).toBe(MOCK_CODE.FAILURE);
      // Multipart is read by the upload alone; other calls still refuse it.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/user/save-info',
        headers: {
          authorization: `Bearer ${tokens.user}`,
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
});
