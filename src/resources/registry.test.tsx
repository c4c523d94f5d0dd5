import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  localeTextsOf,
  resourceDeclarationSchema,
  toResourceDef,
} from '../../contract/resource-config';
import {
  RESOURCE_CONFIG_PATHS,
  REST_PROXY_PREFIX,
  type ServedResource,
} from '../../contract/resource-config-api';
import { RESOURCES } from '../../contract/resources';
import { loadPolicy } from '../providers/access-control';
import { http } from '../providers/api';
import { i18n } from '../providers/i18n';
import { deleteCookie, USER_ID_COOKIE, writeCookie } from '../providers/session';
import { Shell } from '../Shell';
import { roleStore } from '../stores/role';
import { tabsStore } from '../stores/tabs';
import { envelope, installFakeServer, type SeenRequest } from '../test/fake-http';
import { registryStatus, registryStore } from './registry';

const decl = resourceDeclarationSchema.parse({
  name: 'knowledge',
  labels: { 'zh-CN': '知识库', 'en-US': 'Knowledge base' },
  permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      list: true,
      search: true,
      labels: { 'zh-CN': '标题', 'en-US': 'Title' },
    },
  ],
});
const KNOWLEDGE: ServedResource = {
  name: 'knowledge',
  origin: 'file',
  version: 1,
  def: toResourceDef(decl),
  texts: localeTextsOf(decl),
  source: 'database',
};

let seen: SeenRequest[];

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  writeCookie(USER_ID_COOKIE, '1');
  roleStore.set('user');
  seen = installFakeServer(http, (req) => {
    if (req.url === RESOURCE_CONFIG_PATHS.resources) {
      return { body: envelope(0, { resources: [KNOWLEDGE], stamp: 's1' }) };
    }
    if (req.url === '/api/manage/v1/knowledge/page') {
      return {
        body: envelope(0, {
          list: [{ id: 7, version: 1, title: 'How to annotate a corpus' }],
          total: 1,
        }),
      };
    }
    return { status: 404, body: envelope(40400, null, 'no route') };
  });
});

afterEach(async () => {
  deleteCookie(USER_ID_COOKIE);
  roleStore.set(null);
  tabsStore.reset();
  registryStore.reset();
  registryStatus.reset();
  await loadPolicy(RESOURCES);
});

describe('a declared resource in the console (no reload)', () => {
  it('opens at its own URL on start: generic list, menu entry, breadcrumb and tab title', async () => {
    render(
      <MemoryRouter initialEntries={['/knowledge/list']}>
        <Shell />
      </MemoryRouter>,
    );
    // The page waits for the registry instead of answering not-found.
    expect(
      await screen.findByText('How to annotate a corpus', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(seen.some((r) => r.url === RESOURCE_CONFIG_PATHS.resources)).toBe(true);
    expect(screen.queryByText('404')).toBeNull();

    const menu = screen.getByTestId('sider');
    expect(within(menu).getAllByText('Knowledge base').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('breadcrumb')).getAllByText('Knowledge base')).toHaveLength(2);
    await waitFor(() =>
      expect(tabsStore.get().some((t) => t.name === 'knowledge.list')).toBe(true),
    );
    expect(i18n.t(tabsStore.get().find((t) => t.name === 'knowledge.list')!.title)).toBe(
      'Knowledge base',
    );
    // The column header comes from the declaration's field label.
    expect(screen.getAllByText('Title').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /export/i })).toBeTruthy();
  });
});

describe('a declared resource in a REST service', () => {
  it('lists through the simple-rest provider and the server proxy, without export or bulk calls', async () => {
    seen = installFakeServer(http, (req) => {
      if (req.url === RESOURCE_CONFIG_PATHS.resources) {
        return {
          body: envelope(0, { resources: [{ ...KNOWLEDGE, source: 'rest' }], stamp: 's2' }),
        };
      }
      // json-server's shape: a bare array (the total would be in X-Total-Count).
      if (req.method === 'get' && req.url.startsWith(`${REST_PROXY_PREFIX}/knowledge?`)) {
        return { body: [{ id: 9, title: 'Served by the upstream' }] };
      }
      return { status: 404, body: envelope(40400, null, 'no route') };
    });
    render(
      <MemoryRouter initialEntries={['/knowledge/list']}>
        <Shell />
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('Served by the upstream', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
    const list = seen.find((r) => r.url.startsWith(`${REST_PROXY_PREFIX}/knowledge?`));
    expect(list?.url).toContain('_start=0');
    // The caller's token goes to the console's server, which adds the upstream's own.
    expect(list?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(seen.some((r) => r.url.includes('/api/manage/v1/knowledge/'))).toBe(false);
    expect(screen.queryByRole('button', { name: /export/i })).toBeNull();
  });
});
