import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import type { PageQuery } from '../../../contract/resource-schema';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';
import { builtInStores } from '../../test/stores';
import { csvCell } from './csv';

it('csvCell quotes separators and defuses formulas', () => {
  expect(csvCell('plain')).toBe('plain');
  expect(csvCell('a,b')).toBe('"a,b"');
  expect(csvCell('say "hi"\nbye')).toBe('"say ""hi""\nbye"');
  expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  expect(csvCell('-1')).toBe("'-1");
  expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
});

/** Export streams exactly the rows the list query selects, in its order. */
describeBackends('CSV export', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  beforeAll(async () => {
    token = await t.login('user');
  });
  const exportCsv = (path: string, body: object, lang = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: apiPath(...path.split('/'), 'export'),
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      payload: body,
    });
  const store = builtInStores(() => t.db);

  it('keyset batches give the same rows in the same order as paging, for every sort', async () => {
    const caller = { id: '1', role: 'user' as const };
    const sorts: PageQuery['sorters'][] = [
      undefined,
      [{ field: 'callTime', order: 'asc' }],
      [{ field: 'totalTokens', order: 'desc' }],
      [
        { field: 'promptTokens', order: 'asc' },
        { field: 'callTime', order: 'desc' },
      ],
    ];
    const calls = store('prompt-call');
    const filters = [{ field: 'assessment', operator: 'eq' as const, value: 2 }];
    for (const sorters of sorts) {
      const paged = await calls.page({ current: 1, pageSize: 100, sorters, filters }, caller);
      const streamed: unknown[] = [];
      for await (const rows of calls.batches({ sorters, filters }, caller, 7)) {
        streamed.push(...rows.map((r) => r.id));
      }
      expect(streamed.length).toBe(Math.min(paged.total, streamed.length));
      expect(streamed.slice(0, paged.list.length)).toEqual(paged.list.map((r) => r.id));
      expect(streamed.length).toBe(paged.total);
    }
  });

  it('a nullable sort column (model-evaluate startedAt) pages through its empty values too', async () => {
    const caller = { id: '0', role: 'admin' as const };
    const evaluations = store('model-evaluate');
    for (const order of ['asc', 'desc'] as const) {
      const sorters = [{ field: 'startedAt', order }];
      const paged = await evaluations.page({ current: 1, pageSize: 100, sorters }, caller);
      const streamed: unknown[] = [];
      for await (const rows of evaluations.batches({ sorters }, caller, 2)) {
        streamed.push(...rows.map((r) => r.id));
      }
      expect(streamed).toEqual(paged.list.map((r) => r.id));
    }
  });

  it('answers a CSV file: BOM, translated header, enum labels, names beside codes', async () => {
    const answer = await exportCsv('prompt/call', {
      filters: [{ field: 'assessment', operator: 'eq', value: 1 }],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(String(answer.headers['content-disposition'])).toMatch(
      /attachment; filename="prompt-call-\d{8}T\d{6}\.csv"/,
    );
    const lines = answer.body.split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toContain('ID');
    const count = await t.post(
      apiPath('prompt', 'call', 'page'),
      { pageSize: 1, filters: [{ field: 'assessment', operator: 'eq', value: 1 }] },
      { token },
    );
    expect(lines.length - 1).toBe((count.body.data as { total: number }).total);
    const en = await exportCsv('prompt/call', {}, 'en-US');
    expect(en.body.split('\r\n')[0]).not.toBe(lines[0]);
  });

  it('a bad filter answers 40000 as an envelope, before any CSV', async () => {
    const answer = await exportCsv('record', {
      filters: [{ field: 'nope', operator: 'eq', value: 1 }],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe(Code.INVALID);
  });
});
