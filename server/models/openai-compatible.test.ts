import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelError, type ChatMessage } from './client';
import { openAiCompatibleClient, type OpenAiCompatibleSettings } from './openai-compatible';
import { DEFAULT_OUTBOUND_POLICY, outboundFetch } from './outbound';

/**
 * A chat-completions server on 127.0.0.1 that behaves as the requested model's name says:
 * the failures a real provider shows, one per model.
 */
const seen: Array<{ model: string; authorization: string | undefined }> = [];
const attempts = new Map<string, number>();
let closedEarly = 0;

function sse(res: ServerResponse, events: unknown[], end = true): void {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of events) res.write(`data: ${JSON.stringify(event)}\n\n`);
  if (end) res.end('data: [DONE]\n\n');
}

const piece = (content: string) => ({
  id: 'c1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
});
const usage = {
  id: 'c1',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [],
  usage: { prompt_tokens: 11, completion_tokens: 3, total_tokens: 14 },
};

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  const body = JSON.parse(text) as { model: string; stream?: boolean };
  seen.push({ model: body.model, authorization: req.headers.authorization });
  const tries = (attempts.get(body.model) ?? 0) + 1;
  attempts.set(body.model, tries);
  switch (body.model) {
    case 'ok':
      return sse(res, [piece('Hello'), piece(', '), piece('world'), usage]);
    case 'no-usage':
      return sse(res, [piece('你好，世界')]);
    case 'busy-once':
      if (tries === 1) {
        res.writeHead(429, { 'retry-after': '0.05', 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'slow down' } }));
      }
      return sse(res, [piece('after a wait'), usage]);
    case 'always-busy':
      res.writeHead(429, { 'retry-after': '0.01', 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'slow down' } }));
    case 'broken':
      res.writeHead(500, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'upstream fell over' } }));
    case 'silent':
      req.socket.on('close', () => closedEarly++);
      return; // never answers
    case 'stalls':
      req.socket.on('close', () => closedEarly++);
      return sse(res, [piece('a start')], false); // and never ends
    case 'garbage':
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      return void res.end('data: {not json\n\n');
    case 'plain-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ hello: 'world' }));
    case 'secret':
      if (req.headers.authorization !== 'Bearer sk-right') {
        res.writeHead(401, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
      }
      return sse(res, [piece('welcome'), usage]);
    case 'to-metadata':
      res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
      return void res.end();
    default:
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ error: { message: 'no such model' } }));
  }
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => res.destroy());
});
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const messages: ChatMessage[] = [{ role: 'user', content: 'Say hello' }];
const fetchImpl = outboundFetch(DEFAULT_OUTBOUND_POLICY);

function clientOf(model: string, more: Partial<OpenAiCompatibleSettings> = {}) {
  return openAiCompatibleClient(
    { baseUrl, model, apiKey: 'sk-test', timeoutMs: 2_000, retries: 2, ...more },
    fetchImpl,
  );
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

describe('an OpenAI-compatible provider', () => {
  it('streams an answer with its usage and the time to its first token', async () => {
    const pieces: string[] = [];
    const done = await clientOf('ok').complete({ messages, onDelta: (p) => pieces.push(p) });
    expect(done.answer).toBe('Hello, world');
    expect(pieces).toEqual(['Hello', ', ', 'world']);
    expect(done).toMatchObject({ promptTokens: 11, completionTokens: 3, tokensEstimated: false });
    expect(done.ttftMs).toBeGreaterThanOrEqual(0);
    expect(done.latencyMs).toBeGreaterThanOrEqual(done.ttftMs ?? 0);
    expect(seen.find((s) => s.model === 'ok')?.authorization).toBe('Bearer sk-test');
  });

  it('estimates tokens, and says so, when the provider reports no usage', async () => {
    const done = await clientOf('no-usage').complete({ messages });
    expect(done.answer).toBe('你好，世界');
    expect(done.tokensEstimated).toBe(true);
    expect(done.completionTokens).toBeGreaterThan(0);
    expect(done.promptTokens).toBeGreaterThan(0);
  });

  it('waits as a 429 asks and then succeeds', async () => {
    const done = await clientOf('busy-once').complete({ messages });
    expect(done.answer).toBe('after a wait');
    expect(attempts.get('busy-once')).toBe(2);
  });

  it('gives up on a provider that stays busy after its retries', async () => {
    const error = await failure(clientOf('always-busy', { retries: 1 }).complete({ messages }));
    expect(error).toMatchObject({ kind: 'rateLimited', status: 429 });
    expect(attempts.get('always-busy')).toBe(2);
  });

  it('reports a 5xx after its retries with the status', async () => {
    const error = await failure(clientOf('broken', { retries: 1 }).complete({ messages }));
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(error.message).toContain('upstream fell over');
  });

  it('times out a provider that never answers, and closes the connection', async () => {
    const before = closedEarly;
    const started = performance.now();
    const error = await failure(
      clientOf('silent', { timeoutMs: 300, retries: 0 }).complete({ messages }),
    );
    expect(error.kind).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(3_000);
    await expect.poll(() => closedEarly).toBeGreaterThan(before);
  });

  it('times out a stream that stops halfway', async () => {
    const error = await failure(
      clientOf('stalls', { timeoutMs: 300, retries: 0 }).complete({ messages }),
    );
    expect(error.kind).toBe('timeout');
  });

  it('calls an unreadable stream malformed', async () => {
    expect((await failure(clientOf('garbage').complete({ messages }))).kind).toBe('malformed');
  });

  it('calls a body that is not a stream malformed', async () => {
    expect((await failure(clientOf('plain-json').complete({ messages }))).kind).toBe('malformed');
  });

  it('names a refused key as unauthorized, without retrying or repeating the key', async () => {
    const error = await failure(clientOf('secret', { apiKey: 'sk-wrong' }).complete({ messages }));
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(error.message).not.toContain('sk-wrong');
    expect(attempts.get('secret')).toBe(1);
    const done = await clientOf('secret', { apiKey: 'sk-right' }).complete({ messages });
    expect(done.answer).toBe('welcome');
  });

  it('reports a refused connection', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const client = openAiCompatibleClient(
      {
        baseUrl: `http://127.0.0.1:${port}/v1`,
        model: 'ok',
        apiKey: null,
        timeoutMs: 1_000,
        retries: 0,
      },
      fetchImpl,
    );
    const error = await failure(client.complete({ messages }));
    expect(error.kind).toBe('connection');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('cancels the provider request when the caller aborts', async () => {
    const before = closedEarly;
    const controller = new AbortController();
    const run = clientOf('stalls').complete({
      messages,
      signal: controller.signal,
      onDelta: () => controller.abort(),
    });
    expect((await failure(run)).kind).toBe('aborted');
    await expect.poll(() => closedEarly).toBeGreaterThan(before);
  });

  it('does not follow a redirect to the metadata address', async () => {
    const error = await failure(clientOf('to-metadata', { retries: 0 }).complete({ messages }));
    expect(error.kind).toBe('blockedUrl');
  });

  it('refuses a base URL on a link-local address', async () => {
    const client = openAiCompatibleClient(
      {
        baseUrl: 'http://169.254.169.254/v1',
        model: 'ok',
        apiKey: null,
        timeoutMs: 500,
        retries: 0,
      },
      fetchImpl,
    );
    expect((await failure(client.complete({ messages }))).kind).toBe('blockedUrl');
  });
});
