import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { builtInStores } from '../test/stores';
import { isoFromTimestamptz } from './timestamps';

/** PostgreSQL's ISO text of an instant in UTC with `digits` fractional digits. */
function pgText(ms: number, micros: number, digits: number): string {
  const iso = new Date(ms).toISOString(); // 2026-09-30T04:37:23.447Z
  const fraction = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`
    .slice(0, digits)
    .replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
}

describe('isoFromTimestamptz', () => {
  it('writes what Date writes, for UTC text with 0 to 6 fractional digits', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let i = 0; i < 5_000; i++) {
      const ms = (next() % 4_000_000) * 1_000_000 + (next() % 1_000_000);
      const text = pgText(ms, next() % 1000, i % 7);
      expect(isoFromTimestamptz(text), text).toBe(new Date(text).toISOString());
    }
  });

  it.each([
    '2026-09-30 04:37:23+00',
    '2026-09-30 04:37:23.4+00',
    '2026-09-30 04:37:23.447999+00',
    '2026-09-30 12:37:23.447+08',
    '2026-09-30 10:07:23.447+05:30',
    '1969-12-31 23:59:59.999+00',
  ])('agrees with Date for %s', (text) => {
    expect(isoFromTimestamptz(text)).toBe(new Date(text).toISOString());
  });

  it('reads a year before 100 as written, where Date takes it for a two-digit year', () => {
    expect(new Date('0001-01-01 00:00:00+00').toISOString()).toBe('2001-01-01T00:00:00.000Z');
    expect(isoFromTimestamptz('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000Z');
  });

  it('takes a Date as it is', () => {
    const d = new Date('2026-09-30T04:37:23.447Z');
    expect(isoFromTimestamptz(d)).toBe('2026-09-30T04:37:23.447Z');
  });

  it('does not rewrite text that only looks close', () => {
    // A dot without digits, a letter among digits: left to Date, which refuses them.
    expect(() => isoFromTimestamptz('2026-09-30 04:37:23.+00')).toThrow(RangeError);
    expect(() => isoFromTimestamptz('2026-09-3x 04:37:23+00')).toThrow(RangeError);
  });
});

describeBackends('instants read through a resource', (backend) => {
  const t = useTestApp(backend);
  const store = builtInStores(() => t.db);
  const admin = { id: '0', role: 'admin' as const };

  it('answer a list and a detail in UTC with milliseconds cut, as the driver gave them', async () => {
    const scene = await store('scene').create(
      { sceneName: 'Instants', sceneCode: 'instants-test', type: 1 },
      admin,
    );
    await t.db.execute(
      sql`update scenes set created_at = '2026-09-30 12:37:23.447999+08' where id = ${scene.id as number}`,
    );
    const detail = await store('scene').detail(scene.id as number, admin);
    expect(detail.createdAt).toBe('2026-09-30T04:37:23.447Z');
    const page = await store('scene').page(
      {
        current: 1,
        pageSize: 5,
        filters: [{ field: 'sceneCode', operator: 'eq', value: 'instants-test' }],
      },
      admin,
    );
    expect(page.list.map((r) => r.createdAt)).toEqual(['2026-09-30T04:37:23.447Z']);
  });
});
