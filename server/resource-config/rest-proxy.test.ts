import { createServer, type IncomingMessage, type Server } from 'node:http';
import simpleRest from '@refinedev/simple-rest';
import axios from 'axios';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RESOURCE_CONFIG_PATHS, REST_PROXY_PREFIX } from '../../contract/resource-config-api';
import { describeBackends } from '../test/backends';
import { freePort } from '../test/free-port';
import { useTestApp } from '../test/harness';
import { declaration, labels } from './test-declarations';

interface Item {
  id: number;
  title: string;
}

/**
 * A json-server-style service on 127.0.0.1: /items with _start/_end paging, _sort/_order,
 * `title_like`, X-Total-Count; /items/:id; POST, PATCH, DELETE. /slow never answers in time and
 * /broken answers 503. It records the headers it was sent.
 */
async function startStub(): Promise<{ server: Server; url: string; seen: IncomingMessage[] }> {
  let items: Item[] = [
    { id: 1, title: 'alpha' },
    { id: 2, title: 'beta' },
    { id: 3, title: 'gamma' },
  ];
  let next = 4;
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    const url = new URL(req.url ?? '/', 'http://stub');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Item) : null;
      const [, collection, id] = url.pathname.split('/');
      if (collection === 'slow') return; // never answers
      if (collection === 'broken') return send(503, { message: 'down' });
      if (collection !== 'items') return send(404, {});
      const found = items.find((i) => String(i.id) === id);
      if (id && !found) return send(404, {});
      switch (req.method) {
        case 'GET': {
          if (found) return send(200, found);
          const like = url.searchParams.get('title_like');
          let list = items.filter((i) => !like || i.title.includes(like));
          if (url.searchParams.get('_order') === 'desc') list = [...list].reverse();
          const total = list.length;
          const start = Number(url.searchParams.get('_start') ?? 0);
          const end = Number(url.searchParams.get('_end') ?? list.length);
          return send(200, list.slice(start, end), { 'x-total-count': String(total) });
        }
        case 'POST': {
          const item = { ...(body as Item), id: next++ };
          items.push(item);
          return send(201, item);
        }
        case 'PATCH':
          Object.assign(found as Item, body);
          return send(200, found);
        case 'DELETE':
          items = items.filter((i) => i !== found);
          return send(200, {});
        default:
          return send(405, {});
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}`, seen };
}

describeBackends('a configured resource in a REST service', (backend) => {
  let stub: Awaited<ReturnType<typeof startStub>>;
  const t = useTestApp(backend);
  let base = '';
  let user = '';
  let admin = '';
  const rest = (name: string, url: string, extra: Record<string, unknown> = {}) =>
    declaration(name, {
      labels: labels('外部', 'External'),
      permissions: { user: ['list', 'show', 'create', 'edit', 'delete'], admin: ['list'] },
      source: { kind: 'rest', url, headers: { authorization: 'Bearer upstream-secret' }, ...extra },
    });

  beforeAll(async () => {
    stub = await startStub();
    admin = await t.login('admin');
    user = await t.login('user');
    for (const decl of [
      rest('ext-items', `${stub.url}/items`),
      rest('ext-slow', `${stub.url}/slow`, { timeoutMs: 300 }),
      rest('ext-broken', `${stub.url}/broken`),
      rest('ext-gone', 'http://127.0.0.1:9/nothing'),
    ]) {
      const res = await t.post(
        RESOURCE_CONFIG_PATHS.create,
        { declaration: decl },
        { token: admin },
      );
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    }
    const port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => stub.server.close(() => resolve())));

  /** The console's own way in: refine's simple-rest provider, with the caller's token. */
  const providerFor = (token: string) =>
    simpleRest(
      `${base}${REST_PROXY_PREFIX}`,
      axios.create({ headers: { authorization: `Bearer ${token}` } }),
    );

  it('lists, reads, creates, updates and deletes through @refinedev/simple-rest', async () => {
    const provider = providerFor(user);
    const page = await provider.getList({
      resource: 'ext-items',
      pagination: { currentPage: 1, pageSize: 2 },
    });
    expect(page).toEqual({
      data: [
        { id: 1, title: 'alpha' },
        { id: 2, title: 'beta' },
      ],
      total: 3,
    });
    const filtered = await provider.getList({
      resource: 'ext-items',
      filters: [{ field: 'title', operator: 'contains', value: 'amm' }],
    });
    expect(filtered.data).toEqual([{ id: 3, title: 'gamma' }]);
    expect((await provider.getOne({ resource: 'ext-items', id: 2 })).data).toEqual({
      id: 2,
      title: 'beta',
    });
    const created = await provider.create({ resource: 'ext-items', variables: { title: 'delta' } });
    expect(created.data).toEqual({ id: 4, title: 'delta' });
    const updated = await provider.update({
      resource: 'ext-items',
      id: 4,
      variables: { title: 'DELTA' },
    });
    expect(updated.data).toEqual({ id: 4, title: 'DELTA' });
    await provider.deleteOne({ resource: 'ext-items', id: 4 });
    const after = await provider.getList({ resource: 'ext-items' });
    expect(after.total).toBe(3);
  });

  it('keeps the declared headers on the server: the upstream gets its token, never the caller’s', async () => {
    const last = stub.seen[stub.seen.length - 1];
    expect(last?.headers.authorization).toBe('Bearer upstream-secret');
    expect(stub.seen.every((r) => r.headers.authorization === 'Bearer upstream-secret')).toBe(true);
    // The declaration's headers are not in what the console is sent either.
    const served = await t.post(RESOURCE_CONFIG_PATHS.resources, {}, { token: user });
    expect(JSON.stringify(served.body)).not.toContain('upstream-secret');
  });

  it('enforces the declared policy and authentication', async () => {
    const asAdmin = providerFor(admin);
    await expect(asAdmin.getList({ resource: 'ext-items' })).resolves.toMatchObject({ total: 3 });
    const refused = await fetch(`${base}${REST_PROXY_PREFIX}/ext-items`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x' }),
    });
    expect([refused.status, ((await refused.json()) as { code: number }).code]).toEqual([
      403, 40300,
    ]);
    const anonymous = await fetch(`${base}${REST_PROXY_PREFIX}/ext-items`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(50008);
    const unknown = await fetch(`${base}${REST_PROXY_PREFIX}/nothing-here`, {
      headers: { authorization: `Bearer ${user}` },
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 50200 naming the service when the upstream times out, fails or is unreachable', async () => {
    const call = async (name: string) => {
      const res = await fetch(`${base}${REST_PROXY_PREFIX}/${name}`, {
        headers: { authorization: `Bearer ${user}`, 'accept-language': 'en-US' },
      });
      return [res.status, (await res.json()) as { code: number; msg: string }] as const;
    };
    const [slowStatus, slow] = await call('ext-slow');
    expect([slowStatus, slow.code]).toEqual([502, 50200]);
    expect(slow.msg).toMatch(/did not answer within 300 ms/);
    const [, broken] = await call('ext-broken');
    expect(broken.msg).toMatch(/failed \(HTTP 503\)/);
    const [, gone] = await call('ext-gone');
    expect(gone.msg).toMatch(/cannot be reached/);
  });
});
