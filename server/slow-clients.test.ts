import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { openDatabase, type OpenedDatabase } from './db/client';

/** How long until the server closes a socket that trickles `chunk` every `everyMs`. */
function trickle(port: number, chunks: string[], everyMs: number, giveUpMs: number) {
  return new Promise<number>((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    socket.resume(); // read whatever the server answers, so its close is seen
    let i = 0;
    const timer = setInterval(() => {
      if (i < chunks.length) socket.write(chunks[i++]!);
    }, everyMs);
    const done = () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
    setTimeout(() => {
      socket.destroy();
    }, giveUpMs);
  });
}

/** Slow clients: a byte now and then must not hold a connection for ever. */
describe('slow clients', () => {
  let database: OpenedDatabase;
  let app: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    database = await openDatabase();
    app = await buildApp({
      db: database.db,
      timeouts: { headersMs: 1_000, requestMs: 2_000, idleMs: 3_000, keepAliveMs: 500 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('closes a connection whose headers trickle in past the headers timeout', async () => {
    const headerBytes = 'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: '.split('');
    const closedAfter = await trickle(port, [...headerBytes, ...'a'.repeat(200)], 300, 15_000);
    expect(closedAfter).toBeLessThan(5_000);
  });

  it('closes a connection whose body trickles in past the request timeout', async () => {
    const head =
      'POST /api/manage/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const closedAfter = await trickle(port, [head, ...'{'.repeat(200)], 300, 15_000);
    expect(closedAfter).toBeLessThan(6_000);
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const closedAfter = await trickle(
      port,
      ['GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
      10,
      15_000,
    );
    expect(closedAfter).toBeLessThan(3_000);
  });
});
