import type { ModelVersionRow } from '../db/schema';
import type { SecretBox } from '../crypto/secrets';
import { ModelError, type Completion, type CompletionRequest, type ModelClient } from './client';
import { Semaphore } from './concurrency';
import { mockClient } from './mock';
import { openAiCompatibleClient } from './openai-compatible';
import { outboundFetch, urlRefusal, type OutboundPolicy } from './outbound';

/** What a run needs of a model version row. */
export type RunnableVersion = Pick<
  ModelVersionRow,
  | 'id'
  | 'version'
  | 'provider'
  | 'baseUrl'
  | 'model'
  | 'apiKey'
  | 'timeoutMs'
  | 'maxConcurrency'
  | 'retries'
  | 'mockLatencyMs'
>;

/**
 * Calls model versions as their rows say, at most `maxConcurrency` requests per version in this
 * process; the rest wait their turn.
 */
export class ModelRunner {
  /** Requests to addresses an operator configured, under the outbound policy. */
  readonly fetch: typeof fetch;
  private readonly lines = new Map<number, Semaphore>();

  constructor(
    private readonly secrets: SecretBox,
    readonly policy: OutboundPolicy,
  ) {
    this.fetch = outboundFetch(policy);
  }

  clientFor(row: RunnableVersion): ModelClient {
    if (row.provider === 'mock') return mockClient(row.version, row.mockLatencyMs);
    if (row.provider !== 'openai-compatible' || !row.baseUrl || !row.model) {
      throw new ModelError('notConfigured', `model version ${row.version} has no provider`);
    }
    if (urlRefusal(row.baseUrl, this.policy)) {
      throw new ModelError('blockedUrl', `requests to ${row.baseUrl} are not allowed`);
    }
    return openAiCompatibleClient(
      {
        baseUrl: row.baseUrl,
        model: row.model,
        apiKey: row.apiKey ? this.secrets.decrypt(row.apiKey) : null,
        timeoutMs: row.timeoutMs,
        retries: row.retries,
      },
      this.fetch,
    );
  }

  /** One completion, after waiting for a free place on the version's line. */
  async complete(row: RunnableVersion, request: CompletionRequest): Promise<Completion> {
    const client = this.clientFor(row);
    let line = this.lines.get(row.id);
    if (!line) this.lines.set(row.id, (line = new Semaphore(row.maxConcurrency)));
    line.limit = row.maxConcurrency;
    try {
      return await line.run(() => client.complete(request), request.signal);
    } catch (error) {
      if (request.signal?.aborted && !(error instanceof ModelError)) {
        throw new ModelError('aborted', 'the request was cancelled');
      }
      throw error;
    }
  }
}
