import { describe, expect, it } from 'vitest';
import type { BreadcrumbEntry } from '../../stores/breadcrumb';
import { entryHref, nextTrail, replaceTrail } from './trail';

const e = (path: string, query: Record<string, string> = {}): BreadcrumbEntry => ({
  label: `menu${path.replaceAll('/', '.')}`,
  path,
  query,
});
const paths = (t: readonly BreadcrumbEntry[]) => t.map((x) => x.path);

describe('nextTrail', () => {
  it('a menu page starts a new trail', () => {
    const prev = [e('/scene/list'), e('/scene/detail')];
    expect(nextTrail(prev, e('/prompt/list'), false)).toEqual([e('/prompt/list')]);
    expect(nextTrail([], e('/scene/list'), false)).toEqual([e('/scene/list')]);
  });

  it('a hidden page extends the trail', () => {
    const t = nextTrail([e('/prompt/list')], e('/prompt/detail', { id: '1' }), true);
    expect(paths(t)).toEqual(['/prompt/list', '/prompt/detail']);
    expect(t[1]!.query).toEqual({ id: '1' });
  });

  it('a hidden page reached from another menu group starts a trail of its own', () => {
    const t = nextTrail([e('/scene/statistics')], e('/prompt/add'), true);
    expect(paths(t)).toEqual(['/prompt/add']);
  });

  it('revisiting an entry cuts the trail back to it, with the new query', () => {
    const prev = [
      e('/model-evaluate/list'),
      e('/model-evaluate/detail'),
      e('/model-evaluate/report'),
    ];
    const t = nextTrail(prev, e('/model-evaluate/detail', { id: '5' }), true);
    expect(paths(t)).toEqual(['/model-evaluate/list', '/model-evaluate/detail']);
    expect(t[1]!.query).toEqual({ id: '5' });
  });

  it('does not mutate the previous trail', () => {
    const prev = [e('/a')];
    nextTrail(prev, e('/b'), true);
    expect(paths(prev)).toEqual(['/a']);
  });
});

describe('replaceTrail', () => {
  it('the new page takes the place of the last entry when that is the page it replaces', () => {
    const prev = [e('/prompt/list'), e('/prompt/add')];
    const t = replaceTrail(prev, '/prompt/add', e('/prompt/detail', { id: '9' }), true);
    expect(paths(t)).toEqual(['/prompt/list', '/prompt/detail']);
    expect(t[1]!.query).toEqual({ id: '9' });
    expect(paths(prev)).toEqual(['/prompt/list', '/prompt/add']);
  });

  it('a trail of the replaced page alone becomes the new page alone', () => {
    const t = replaceTrail([e('/prompt/add')], '/prompt/add', e('/prompt/detail'), true);
    expect(paths(t)).toEqual(['/prompt/detail']);
  });

  it('otherwise it is the next trail', () => {
    const prev = [e('/prompt/list')];
    expect(replaceTrail(prev, '/prompt/add', e('/prompt/detail'), true)).toEqual(
      nextTrail(prev, e('/prompt/detail'), true),
    );
  });
});

describe('entryHref', () => {
  it('is the path alone without a query', () => {
    expect(entryHref(e('/scene/list'))).toBe('/scene/list');
  });

  it('appends the encoded query', () => {
    expect(entryHref(e('/scene/detail', { id: '3', name: 'a b&c' }))).toBe(
      '/scene/detail?id=3&name=a+b%26c',
    );
  });
});
