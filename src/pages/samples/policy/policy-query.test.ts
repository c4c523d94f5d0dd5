import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { POLICY_PAGE_SIZE, POLICY_CURRENT } from '../../../../mock/constants';
import {
  applyFilters,
  clampedView,
  hasFilters,
  requestOf,
  searchFromView,
  viewFromSearch,
  type PolicyView,
} from './policy-query';

const view = (search: string) => viewFromSearch(new URLSearchParams(search));

describe('policy list view ⇄ URL', () => {
  it('opens on page 1 of 10 with no filters (spec §9)', () => {
    expect(view('')).toEqual({ current: POLICY_CURRENT, pageSize: POLICY_PAGE_SIZE });
    expect(searchFromView(view('')).toString()).toBe('');
  });

  it('round-trips every filter and the page', () => {
    const full: PolicyView = {
      current: 3,
      pageSize: 20,
      number: '12',
      name: '客服',
      contentType: 'verticalVideo',
      filterType: 'rules',
      status: 'online',
      createdTime: ['2025-01-01', '2025-01-31'],
    };
    expect(viewFromSearch(searchFromView(full))).toEqual(full);
  });

  it('drops what it cannot use instead of failing', () => {
    expect(
      view('current=-2&pageSize=1000&contentType=gif&status=&createdTime=2025-01-01&name=%20'),
    ).toEqual({ current: 1, pageSize: 10 });
    expect(view('current=abc&pageSize=0')).toEqual({ current: 1, pageSize: 10 });
    expect(view('createdTime=2025-13-45,2025-01-01').createdTime).toBeUndefined();
  });

  it('orders a reversed range', () => {
    expect(view('createdTime=2025-02-01,2025-01-01').createdTime).toEqual([
      '2025-01-01',
      '2025-02-01',
    ]);
  });

  it('a new filter set starts at page 1 and keeps the page size', () => {
    const next = applyFilters({ current: 4, pageSize: 20, name: 'a' }, { status: 'offline' });
    expect(next).toEqual({ current: 1, pageSize: 20, status: 'offline' });
    expect(hasFilters(next)).toBe(true);
    expect(hasFilters({ current: 5, pageSize: 50 })).toBe(false);
  });
});

describe('policy list request', () => {
  it('sends the page, the filters, and the range as the local days’ instants', () => {
    const request = requestOf({
      current: 2,
      pageSize: 10,
      name: ' 客服 ',
      createdTime: ['2025-01-01', '2025-01-31'],
    });
    expect(request).toEqual({
      current: 2,
      pageSize: 10,
      name: '客服',
      createdTime: `${dayjs('2025-01-01').startOf('day').toISOString()},${dayjs('2025-01-31')
        .endOf('day')
        .toISOString()}`,
    });
  });
});

describe('policy list page bounds', () => {
  it('moves a page past the last one to the last, and leaves others alone', () => {
    expect(clampedView({ current: 9, pageSize: 10 }, 55)).toEqual({ current: 6, pageSize: 10 });
    expect(clampedView({ current: 6, pageSize: 10 }, 55)).toBeNull();
    expect(clampedView({ current: 3, pageSize: 10, name: 'x' }, 0)).toEqual({
      current: 1,
      pageSize: 10,
      name: 'x',
    });
    expect(clampedView({ current: 1, pageSize: 10 }, 0)).toBeNull();
  });
});
