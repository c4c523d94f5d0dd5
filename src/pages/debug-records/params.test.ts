import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { pageBody, parseParams, readRequest, writeParams } from './params';

const parse = (search: string) => parseParams(new URLSearchParams(search));

describe('debug records: the address', () => {
  it('gives the defaults for a bare address', () => {
    expect(parse('')).toEqual({
      tab: 'server',
      query: { current: 1, pageSize: 20 },
      record: null,
    });
  });

  it('reads tab, filters, page and record', () => {
    const p = parse(
      'tab=browser&page=3&size=50&model=gpt-4o&source=playground&state=error&from=2026-01-02&to=2026-01-05&record=42',
    );
    expect(p).toEqual({
      tab: 'browser',
      query: {
        current: 3,
        pageSize: 50,
        modelVersion: 'gpt-4o',
        source: 'playground',
        state: 'error',
        from: '2026-01-02',
        to: '2026-01-05',
      },
      record: 42,
    });
  });

  it('drops what it cannot read instead of failing', () => {
    const p = parse(
      'tab=other&page=-2&size=13&source=web&state=fine&from=yesterday&to=2026-13-45&record=abc',
    );
    expect(p).toEqual({ tab: 'server', query: { current: 1, pageSize: 20 }, record: null });
    expect(parse('record=0').record).toBeNull();
    expect(parse('record=1.5').record).toBeNull();
    expect(parse('page=2.7').query.current).toBe(2);
  });

  it('swaps a range given backwards', () => {
    const { query } = parse('from=2026-02-10&to=2026-02-01');
    expect([query.from, query.to]).toEqual(['2026-02-01', '2026-02-10']);
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const prev = new URLSearchParams('foo=bar&page=4&state=ok');
    const out = writeParams(prev, {
      tab: 'server',
      query: { current: 1, pageSize: 20, source: 'evaluation' },
      record: 7,
    });
    expect(out.toString()).toBe('foo=bar&source=evaluation&record=7');
  });

  it('reads back what it writes', () => {
    const state = parse('tab=browser&page=2&size=100&model=m&state=aborted&from=2026-03-01');
    expect(parseParams(writeParams(new URLSearchParams(), state))).toEqual(state);
  });
});

describe('debug records: the page body', () => {
  it('turns the days into instants with an offset, `to` exclusive', () => {
    const body = pageBody({ current: 2, pageSize: 20, from: '2026-01-02', to: '2026-01-05' });
    expect(body.current).toBe(2);
    expect(body.from).toMatch(/^2026-01-02T00:00:00[+-]\d{2}:\d{2}$/);
    expect(body.to).toMatch(/^2026-01-06T00:00:00[+-]\d{2}:\d{2}$/);
    expect(dayjs(body.to).diff(dayjs(body.from), 'day')).toBe(4);
  });

  it('leaves unset filters out', () => {
    expect(pageBody({ current: 1, pageSize: 10 })).toEqual({ current: 1, pageSize: 10 });
  });
});

describe('debug records: the stored request', () => {
  it('reads messages, provider and variables', () => {
    const r = readRequest({
      messages: [{ role: 'user', content: 'hi' }],
      provider: 'mock',
      model: null,
      edited: true,
      variables: { name: 'x', n: 1, when: null },
    });
    expect(r).toEqual({
      messages: [{ role: 'user', content: 'hi' }],
      provider: 'mock',
      model: null,
      edited: true,
      variables: [
        ['name', 'x'],
        ['n', '1'],
        ['when', ''],
      ],
    });
  });

  it('survives a request of another shape', () => {
    const empty = { messages: [], provider: null, model: null, edited: false, variables: [] };
    expect(readRequest(null)).toEqual(empty);
    expect(readRequest('text')).toEqual(empty);
    expect(readRequest({ messages: [null, { role: 1 }], variables: ['a'] })).toEqual({
      ...empty,
      messages: [
        { role: '', content: '' },
        { role: '1', content: '' },
      ],
    });
  });
});
