// An OpenAI-compatible streaming chat-completions endpoint on 127.0.0.1 for the benches that
// call a model through the console: it answers after a delay the bench chooses, counts the
// requests in flight and records, per request, when it arrived and when its first chunk left.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** When the stub writes what: the first chunk after `firstChunkMs`, each next one `gapMs` later. */
export interface StubTiming {
  /** From the request's arrival to the headers and the first content chunk. */
  firstChunkMs: number;
  /** Between two content chunks; 0 writes every chunk, the usage and [DONE] at once. */
  gapMs: number;
  /** The answer's content chunks, in order. */
  pieces: readonly string[];
}

/** One request as the stub saw it, in `performance.now()` milliseconds of this process. */
export interface StubRequest {
  receivedAt: number;
  /** When the headers and the first content chunk were written; null if it never was. */
  firstChunkAt: number | null;
  endedAt: number | null;
}

export interface StubModel {
  /** The base URL to give a model version (ends in /v1). */
  baseUrl: string;
  /** The key the stub accepts; any other answers 401. */
  apiKey: string;
  timing: StubTiming;
  /** Requests answered or under way since the last `reset()`, in arrival order. */
  readonly requests: StubRequest[];
  readonly inFlight: number;
  /** The most requests in flight at once since the last `reset()`. */
  readonly maxInFlight: number;
  reset(): void;
  close(): Promise<void>;
}

const chunk = (extra: object) =>
  `data: ${JSON.stringify({ id: 'stub', object: 'chat.completion.chunk', created: 1, model: 'stub', ...extra })}\n\n`;

export async function startStubModel(apiKey: string, timing: StubTiming): Promise<StubModel> {
  let requests: StubRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const stub = {
    timing,
    get requests() {
      return requests;
    },
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
  };

  const server: Server = createServer((req, res) => {
    const seen: StubRequest = { receivedAt: performance.now(), firstChunkAt: null, endedAt: null };
    requests.push(seen);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const timers: NodeJS.Timeout[] = [];
    res.once('close', () => {
      inFlight--;
      seen.endedAt = performance.now();
      for (const t of timers) clearTimeout(t);
    });
    req.resume();
    req.once('end', () => {
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'invalid key' } }));
      }
      const { firstChunkMs, gapMs, pieces } = stub.timing;
      const completion = pieces.join('');
      const usage = { prompt_tokens: 20, completion_tokens: Math.max(1, completion.length >> 2) };
      const content = (text: string) =>
        chunk({ choices: [{ index: 0, delta: { content: text } }] });
      const finish = () => {
        res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
        res.write(chunk({ choices: [], usage }));
        res.end('data: [DONE]\n\n');
      };
      const wait = Math.max(0, seen.receivedAt + firstChunkMs - performance.now());
      timers.push(
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(content(pieces[0] ?? ''));
          seen.firstChunkAt = performance.now();
          if (gapMs <= 0) {
            for (const piece of pieces.slice(1)) res.write(content(piece));
            return finish();
          }
          let next = 1;
          const more = () => {
            if (next >= pieces.length) return finish();
            res.write(content(pieces[next++]!));
            timers.push(setTimeout(more, gapMs));
          };
          timers.push(setTimeout(more, gapMs));
        }, wait),
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(stub, {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    apiKey,
    reset() {
      requests = [];
      maxInFlight = inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
