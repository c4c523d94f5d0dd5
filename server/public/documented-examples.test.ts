import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { PUBLIC_API_PREFIX } from '../../contract/api-keys';
import { Code } from '../../contract/envelope';
import { INGEST_EXAMPLE } from '../../contract/ingest';
import { describeBackends } from '../test/backends';
import { newApiKey, useTestApp } from '../test/harness';

interface Curl {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** The README's section on the platform's API, where a new platform engineer copies from. */
function platformSection(): string {
  const readme = readFileSync(join(__dirname, '../../README.md'), 'utf8');
  const start = readme.indexOf("\n## The platform's API");
  if (start < 0) throw new Error('README has no section "The platform\'s API"');
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The `curl` commands of the section's shell blocks, read the way a shell splits words. */
function curlsOf(markdown: string): Curl[] {
  const blocks = [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const lines = blocks.flatMap((b) => b.replace(/\\\n\s*/g, ' ').split('\n'));
  return lines
    .filter((l) => l.trim().startsWith('curl '))
    .map((line) => {
      const words = [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(
        (m) => m[1] ?? m[2] ?? m[3]!,
      );
      const headers: Record<string, string> = {};
      let body: string | undefined;
      let url: string | undefined;
      for (let i = 1; i < words.length; i++) {
        const word = words[i]!;
        if (word === '-H') {
          const [name = '', ...value] = words[++i]!.split(':');
          headers[name.trim().toLowerCase()] = value.join(':').trim();
        } else if (word === '-d') body = words[++i];
        else if (word.startsWith('http')) url = word;
      }
      if (!url) throw new Error(`no URL in: ${line}`);
      const { pathname, search } = new URL(url);
      return {
        method: body === undefined ? 'GET' : 'POST',
        path: pathname + search,
        headers,
        ...(body === undefined ? {} : { body }),
      };
    });
}

/**
 * The examples the README and the OpenAPI document give for the platform's API work as written
 * against the demo data: each is answered 0, and an ingest example rejects no event.
 */
describeBackends('public API: documented examples', (backend) => {
  const t = useTestApp(backend);
  const curls = curlsOf(platformSection());
  let secret = '';
  beforeAll(async () => {
    secret = await newApiKey(t, {
      name: 'documented examples',
      scopes: ['ingest', 'prompts:read'],
    });
  });

  it('the README shows several curl examples', () => {
    expect(curls.length).toBeGreaterThanOrEqual(4);
  });

  for (const curl of curls) {
    it(`README: ${curl.method} ${curl.path}`, async () => {
      const headers = Object.fromEntries(
        Object.entries(curl.headers).map(([k, v]) => [k, v.replace('$CONSOLE_KEY', secret)]),
      );
      const answer = await t.app.inject({
        method: curl.method,
        url: curl.path,
        headers,
        ...(curl.body === undefined ? {} : { payload: curl.body }),
      });
      const body = answer.json<{ code: number; data: { rejected?: unknown[] } }>();
      expect(answer.statusCode, answer.body).toBe(200);
      expect(body.code, answer.body).toBe(Code.OK);
      if (body.data.rejected) expect(body.data.rejected).toEqual([]);
    });
  }

  it('the OpenAPI example batch is stored whole', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${PUBLIC_API_PREFIX}/ingest`,
      headers: { authorization: `Bearer ${secret}` },
      payload: INGEST_EXAMPLE,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      code: Code.OK,
      data: { accepted: INGEST_EXAMPLE.batch.length, rejected: [] },
    });
  });
});
