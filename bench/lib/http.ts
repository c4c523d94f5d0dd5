// The load generators' HTTP client, one copy for every bench that drives the server over HTTP:
// node:http with a keep-alive agent the bench sizes and destroys itself, a per-request timeout,
// the envelope's code read without parsing the whole answer, and the login a token comes from.
import http from 'node:http';
import { apiPath } from '../../contract/api';

export interface Target {
  host?: string;
  port: number;
}

export interface Answer {
  status: number;
  code: number | undefined;
  text: string;
}

export interface PostOptions {
  /** A keep-alive agent (keepAliveAgent()); Node's global agent when not given. */
  agent?: http.Agent;
  token?: string;
  timeoutMs?: number;
  /** False: drop the text once the code is read (a load case reads a few answers, not all). */
  keepText?: boolean;
  /** When the code does not start the answer, parse it whole for the code. */
  parseCode?: boolean;
}

export const keepAliveAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1024 });

/** The request of a JSON POST to the server under test. */
function jsonPost(
  target: Target,
  path: string,
  body: string,
  agent: http.Agent | undefined,
  token: string | undefined,
): http.RequestOptions {
  return {
    host: target.host ?? '127.0.0.1',
    port: target.port,
    path,
    method: 'POST',
    agent,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  };
}

/** One POST with a JSON body; the envelope's code read from the start of the answer. */
export function postJson(
  target: Target,
  path: string,
  body: string,
  options: PostOptions = {},
): Promise<Answer> {
  const { agent, token, timeoutMs = 30_000, keepText = true, parseCode = false } = options;
  return new Promise((ok, fail) => {
    const req = http.request(jsonPost(target, path, body, agent, token), (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const match = /^\{"code":(-?\d+)/.exec(text);
        let code = match ? Number(match[1]) : undefined;
        if (code === undefined && parseCode) {
          try {
            code = (JSON.parse(text) as { code?: number }).code;
          } catch {
            code = undefined;
          }
        }
        ok({ status: res.statusCode ?? 0, code, text: keepText ? text : '' });
      });
      res.on('error', fail);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', fail);
    req.end(body);
  });
}

/** A POST whose (streamed) answer is counted, not stored: bytes and line breaks. */
export function postCounting(
  target: Target,
  path: string,
  body: string,
  options: Pick<PostOptions, 'agent' | 'token'> = {},
): Promise<{ bytes: number; lines: number; status: number }> {
  return new Promise((ok, fail) => {
    const req = http.request(jsonPost(target, path, body, options.agent, options.token), (res) => {
      let n = 0;
      let newlines = 0;
      res.on('data', (chunk: Buffer) => {
        n += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) newlines++;
      });
      res.on('end', () => ok({ bytes: n, lines: newlines, status: res.statusCode ?? 0 }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body);
  });
}

/** Logs in through the API; the session token, or an error quoting the answer. */
export async function login(
  target: Target,
  userName: string,
  password: string,
  options: Pick<PostOptions, 'agent' | 'timeoutMs'> = {},
): Promise<string> {
  const answer = await postJson(
    target,
    apiPath('user', 'login'),
    JSON.stringify({ userName, password }),
    options,
  );
  const token = (JSON.parse(answer.text) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`login as ${userName} failed: ${answer.text.slice(0, 200)}`);
  return token;
}

/** How a load case tallies an answer: its envelope code, or the HTTP status without one. */
export const answerKey = (answer: Answer) => String(answer.code ?? `HTTP ${answer.status}`);

/** How a load case tallies a request that got no answer: postJson's timeout, or any error. */
export const errorKey = (error: unknown) =>
  error instanceof Error && error.message === 'timeout' ? 'timeout' : 'error';
