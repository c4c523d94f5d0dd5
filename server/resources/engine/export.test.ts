import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { formatCost } from '../../../contract/figures';
import { LOCALES, type Locale } from '../../../contract/locale';
import { allFields } from '../../../contract/resource';
import type { PageQuery } from '../../../contract/resource-schema';
import { RESOURCES } from '../../../contract/resources';
import { promptCall } from '../../../contract/resources/prompt-call';
import { zonedDateTime } from '../../../contract/zoned-time';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';
import { builtInStores } from '../../test/stores';
import { csvCell, csvHeaders, type HeaderTexts } from './csv';
import { ResourceStore } from './store';

/** The parts of the console's locale files the CSV headers come from. */
interface LocaleFile {
  fields: Record<string, string>;
  enums?: Record<string, Record<string, string>>;
  export: { header: HeaderTexts };
}

/** A locale file of the console (a resource's, or table.json), as the server reads it. */
function readLocale(locale: Locale, name: string): LocaleFile {
  const url = new URL(`../../../src/locales/${locale}/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as LocaleFile;
}

const FALLBACK: HeaderTexts = {
  referenceId: '{{label}} ID',
  referenceCode: '{{label}} code',
  zoned: '{{label}} ({{zone}})',
  repeated: '{{label}} ({{field}})',
};

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

/** The header row and the rows of a CSV answer (RFC 4180; quoted cells may hold line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return rows;
}

it('csvHeaders: every built-in resource’s header is all different, in both languages', () => {
  for (const locale of LOCALES) {
    const texts = readLocale(locale, 'table').export.header;
    for (const def of RESOURCES) {
      const labels = readLocale(locale, def.name);
      const fields = allFields(def).filter((f) => f.name !== 'version');
      const headers = csvHeaders(fields, labels, texts, 'Asia/Shanghai');
      expect(new Set(headers).size, `${locale} ${def.name}: ${headers.join(' | ')}`).toBe(
        headers.length,
      );
    }
  }
  // A configured resource labels a reference and its name alike; the key says it is one.
  const fields = allFields(promptCall).filter((f) =>
    ['templateId', 'templateTitle'].includes(f.name),
  );
  const same = { fields: { templateId: 'Owner', templateTitle: 'Owner' } };
  expect(csvHeaders(fields, same, FALLBACK, 'UTC')).toEqual(['Owner ID', 'Owner']);
  // Two plain fields sharing a label: the second names its field.
  const twice = [
    { name: 'a', type: 'string' },
    { name: 'b', type: 'string' },
  ] as const;
  expect(csvHeaders(twice, { fields: { a: 'X', b: 'X' } }, FALLBACK, 'UTC')).toEqual([
    'X',
    'X (b)',
  ]);
});

/** Rounding, zones and headers of an export, against the list answer of the same rows. */
describeBackends('export: headers, times and figures', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  beforeAll(async () => {
    token = await t.login('user');
  });
  const exportCalls = (body: object, lang: string) =>
    t.app.inject({
      method: 'POST',
      url: apiPath('prompt', 'call', 'export'),
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      payload: body,
    });
  // Good calls of the last days: a few dozen rows, every one priced.
  const filters = [{ field: 'assessment', operator: 'eq', value: 1 }];
  const listed = async () => {
    const answer = await t.post(
      apiPath('prompt', 'call', 'page'),
      { pageSize: 100, filters },
      { token },
    );
    return (answer.body.data as { list: Record<string, unknown>[] }).list;
  };

  for (const lang of LOCALES) {
    it(`${lang}: reference keys and names have different headers; times are on the asked zone's clock, named in the header`, async () => {
      const tr = (key: string) => readLocale(lang, 'prompt-call').fields[key]!;
      const answer = await exportCalls({ filters, timeZone: 'America/New_York' }, lang);
      expect(answer.statusCode).toBe(200);
      const [header = [], ...rows] = csvRows(answer.body);
      expect(new Set(header).size).toBe(header.length);
      const keyWord = lang === 'zh-CN' ? '模板 ID' : 'Template ID';
      const sceneKey = lang === 'zh-CN' ? '场景编码' : 'Scene code';
      expect(header).toContain(keyWord);
      expect(header).toContain(tr('templateTitle'));
      expect(header).toContain(sceneKey);
      expect(header).toContain(tr('sceneName'));
      const timeHeader =
        lang === 'zh-CN'
          ? `${tr('callTime')}（America/New_York）`
          : `${tr('callTime')} (America/New_York)`;
      const at = header.indexOf(timeHeader);
      expect(at, header.join(' | ')).toBeGreaterThanOrEqual(0);

      const list = await listed();
      expect(rows.length).toBeGreaterThan(0);
      const byId = new Map(list.map((r) => [String(r.id), r]));
      const idAt = header.indexOf(tr('id'));
      const templateAt = header.indexOf(keyWord);
      const costAt = header.indexOf(tr('cost'));
      let priced = 0;
      for (const row of rows) {
        const record = byId.get(row[idAt]!);
        if (!record) continue;
        expect(row[at]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(row[at]).toBe(zonedDateTime(String(record.callTime), 'America/New_York'));
        expect(row[templateAt]).toBe(record.templateId === null ? '' : String(record.templateId));
        if (record.cost !== null) {
          priced++;
          // As the console shows it: 4 decimals, half away from zero.
          expect(row[costAt]).toBe(formatCost(record.cost as number));
          expect(row[costAt]).toMatch(/^\d+\.\d{4}$/);
        }
      }
      expect(priced).toBeGreaterThan(0);
    });
  }

  it('without a zone, times are on the platform’s clock (Asia/Shanghai)', async () => {
    const answer = await exportCalls({ filters }, 'zh-CN');
    const [header = [], first] = csvRows(answer.body);
    const at = header.findIndex((h) => h.endsWith('（Asia/Shanghai）'));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(first?.[at]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('JSONL keeps ISO-8601 UTC times and rounds figures as the CSV does', async () => {
    const answer = await exportCalls({ filters, format: 'jsonl', timeZone: 'Asia/Tokyo' }, 'en-US');
    const lines = answer.body
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const byId = new Map((await listed()).map((r) => [r.id, r]));
    let priced = 0;
    for (const line of lines) {
      const record = byId.get(line.id);
      if (!record) continue;
      expect(line.callTime).toBe(record.callTime);
      expect(String(line.callTime)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      if (typeof record.cost === 'number') {
        priced++;
        expect(line.cost).toBe(Number(formatCost(record.cost)));
      }
    }
    expect(priced).toBeGreaterThan(0);
  });

  it('an unknown zone answers 40000 in the caller’s language, before any file', async () => {
    for (const lang of LOCALES) {
      const answer = await exportCalls({ timeZone: 'Mars/Olympus' }, lang);
      expect(answer.statusCode).toBe(400);
      const body = answer.json<{ code: number; data: { issues: { message: string }[] } }>();
      expect(body.code).toBe(Code.INVALID);
      expect(JSON.stringify(body)).toContain(
        lang === 'zh-CN' ? '不是有效的 IANA 时区名称' : 'is not a valid IANA time zone name',
      );
    }
  });
});

/**
 * A client that stops reading holds back the export (the server reads as far as the socket
 * takes, a batch ahead), and one that goes away (a cancelled export) ends it: no more batches
 * are read for it.
 */
describeBackends('export: a slow or vanished client', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  let port = 0;
  beforeAll(async () => {
    token = await t.login('user');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads batches only as the client takes them, and none after it went away', async () => {
    // Batches of 4 MB of text each, as many as asked for: the socket's pace is what limits.
    let pulled = 0;
    let ended = false;
    vi.spyOn(ResourceStore.prototype, 'batches').mockImplementation(async function* () {
      try {
        for (let n = 0; n < 100; n++) {
          pulled++;
          yield Array.from({ length: 1000 }, (_, i) => ({
            id: n * 1000 + i + 1,
            title: 'x'.repeat(4000),
          }));
        }
      } finally {
        ended = true;
      }
    });
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: apiPath('prompt', 'call', 'export'),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    request.end(JSON.stringify({}));
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request.on('response', resolve);
      request.on('error', reject);
    });
    expect(response.statusCode).toBe(200);
    // Take the first chunk, then stop reading: the server fills what the socket holds and waits.
    await new Promise<void>((resolve) => response.once('data', () => resolve()));
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const whilePaused = pulled;
    expect(whilePaused).toBeLessThan(10);
    expect(ended).toBe(false);

    // Gone: the export ends and reads nothing more.
    request.destroy();
    await expect.poll(() => ended, { timeout: 5_000 }).toBe(true);
    expect(pulled).toBeLessThanOrEqual(whilePaused + 1);
  });
});
