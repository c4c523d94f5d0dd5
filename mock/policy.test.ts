import { describe, expect, it } from 'vitest';
import { POLICY_TOTAL } from './constants';
import { policyPage, policyRows } from './policy';
import { policyQuery } from './schemas';

const NOW = new Date('2025-03-15T08:00:00Z');
const rows = policyRows(NOW);
const page = (query: Record<string, unknown>) => policyPage(rows, policyQuery.parse(query));

describe('policy list (spec §7, §9: total 55, page size 10, page 1)', () => {
  it('holds 55 rows, the same ones on every call, newest first', () => {
    expect(rows).toHaveLength(POLICY_TOTAL);
    expect(policyRows(NOW)).toEqual(rows);
    expect(new Set(rows.map((r) => r.id)).size).toBe(55);
    const times = rows.map((r) => Date.parse(r.createdTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(rows[0]!.createdTime.slice(0, 10)).toBe('2025-03-15');
  });

  it('keeps every sample time between 01:00 and 15:59 UTC (the same day in China)', () => {
    for (const row of rows) {
      const hour = new Date(row.createdTime).getUTCHours();
      expect(hour).toBeGreaterThanOrEqual(1);
      expect(hour).toBeLessThanOrEqual(15);
    }
  });

  it('answers page 1 of 10 by default, and pages cover the rows once each', () => {
    const first = page({});
    expect(first.total).toBe(55);
    expect(first.list.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const seen = [];
    for (let current = 1; current <= 6; current++) seen.push(...page({ current }).list);
    expect(seen.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(page({ current: 6 }).list).toHaveLength(5);
    expect(page({ current: 7 }).list).toEqual([]);
    expect(page({ current: '2', pageSize: '20' }).list[0]!.id).toBe(21);
  });

  it('filters by each field and narrows the total', () => {
    for (const [field, values] of [
      ['status', ['online', 'offline']],
      ['filterType', ['artificial', 'rules']],
      ['contentType', ['img', 'horizontalVideo', 'verticalVideo']],
    ] as const) {
      let sum = 0;
      for (const value of values) {
        const answer = page({ [field]: value, pageSize: 100 });
        expect(answer.list.every((r) => r[field] === value)).toBe(true);
        expect(answer.total).toBe(answer.list.length);
        expect(answer.total).toBeGreaterThan(0);
        sum += answer.total;
      }
      expect(sum, field).toBe(55);
    }
    const both = page({ status: 'online', filterType: 'rules', pageSize: 100 });
    expect(both.total).toBe(
      rows.filter((r) => r.status === 'online' && r.filterType === 'rules').length,
    );
  });

  it('matches name as a case-insensitive substring and number as contained digits', () => {
    const named = page({ name: '客服', pageSize: 100 });
    expect(named.total).toBe(rows.filter((r) => r.name.includes('客服')).length);
    expect(named.total).toBeGreaterThan(0);
    const target = rows[7]!;
    const numbered = page({ number: String(target.number), pageSize: 100 });
    expect(numbered.list.map((r) => r.id)).toContain(target.id);
    expect(numbered.list.every((r) => String(r.number).includes(String(target.number)))).toBe(true);
    expect(page({ name: 'no such policy' }).total).toBe(0);
  });

  it('filters createdTime by days (inclusive), instants, or an open end', () => {
    const inRange = (from: number, to: number) =>
      rows.filter((r) => Date.parse(r.createdTime) >= from && Date.parse(r.createdTime) <= to);
    const days = page({ createdTime: '2025-03-01,2025-03-15', pageSize: 100 });
    expect(days.total).toBe(
      inRange(Date.parse('2025-03-01T00:00:00Z'), Date.parse('2025-03-15T23:59:59.999Z')).length,
    );
    expect(days.total).toBeGreaterThan(3);
    // The key sent twice, as ISO instants (the browser's day boundaries).
    const instants = page({
      createdTime: ['2025-02-28T16:00:00.000Z', '2025-03-15T15:59:59.999Z'],
      pageSize: 100,
    });
    expect(instants.total).toBe(
      inRange(Date.parse('2025-02-28T16:00:00Z'), Date.parse('2025-03-15T15:59:59.999Z')).length,
    );
    const since = page({ createdTime: '2025-03-10,', pageSize: 100 });
    expect(since.list.every((r) => r.createdTime >= '2025-03-10')).toBe(true);
    const until = page({ createdTime: ',2025-01-01', pageSize: 100 });
    expect(until.total + page({ createdTime: '2025-01-02,' }).total).toBe(55);
  });

  it('treats empty parameters as absent', () => {
    expect(page({ name: '', status: '', current: '', pageSize: '', createdTime: '' })).toEqual(
      page({}),
    );
  });

  it('refuses what it cannot use', () => {
    for (const query of [
      { current: 'abc' },
      { current: '0' },
      { current: '1.5' },
      { pageSize: '101' },
      { status: 'archived' },
      { createdTime: '2025-13-01,' },
      { createdTime: 'a,b,c' },
    ]) {
      expect(policyQuery.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
