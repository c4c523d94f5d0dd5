import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat-completions endpoint on 127.0.0.1 for tests: it answers the given
 * key with the pieces as one stream and the usage after them, and any other key with 401.
 */
export interface StubProvider {
  server: Server;
  /** The base URL to give a model version (ends in /v1). */
  baseUrl: string;
  close(): Promise<void>;
}

export async function startStubProvider(
  key: string,
  pieces: readonly string[],
  usage: { prompt_tokens: number; completion_tokens: number },
): Promise<StubProvider> {
  const chunk = (extra: object) =>
    `data: ${JSON.stringify({ id: 'stub', object: 'chat.completion.chunk', created: 1, model: 'stub', ...extra })}\n\n`;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${key}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { message: 'invalid key' } }));
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const content of pieces)
        res.write(chunk({ choices: [{ index: 0, delta: { content } }] }));
      res.write(chunk({ choices: [], usage }));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
