/**
 * The platform's sender of events to the console's ingest API: events are queued and sent in
 * batches (by count and by a flush interval), retried with backoff on 429 and 5xx answers
 * honouring Retry-After, and flushed on shutdown. Dependency-free: only the global `fetch`.
 */

export interface CallEvent {
  templateId: number;
  templateVersion?: number;
  sceneCode?: string;
  question: string;
  answer?: string | null;
  variables?: Record<string, unknown> | null;
  userId?: string | null;
  modelType?: string;
  modelVersion?: string;
  promptTokens?: number;
  completionTokens?: number;
  latencyMs?: number;
  callTime?: string;
}

export interface SessionEvent {
  chatId: string;
  title?: string;
  sceneCode?: string | null;
  userId?: string | null;
  tags?: string[];
  createdAt?: string;
  modifiedAt?: string;
}

export interface MessageEvent {
  chatId: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  messageId?: string;
  tokens?: number;
  time?: string;
}

export interface IngestClientOptions {
  baseUrl: string;
  /** A key with the `ingest` scope (`ck_…`). */
  apiKey: string;
  /** Events per batch at most (the API takes 1,000). */
  batchSize?: number;
  /** How long an event waits for its batch to fill, in ms; 1 s by default. */
  flushIntervalMs?: number;
  /** Attempts per batch before it is given up (and reported to `onError`). */
  maxAttempts?: number;
  /** First retry delay in ms, doubled each time (a Retry-After answer wins). */
  backoffMs?: number;
  /** Events the ones given up were, and why; by default they are dropped silently. */
  onError?: (error: Error, events: readonly QueuedEvent[]) => void;
  /** Each answer's rejected events, with the console's reasons. */
  onRejected?: (rejected: readonly RejectedEvent[]) => void;
  fetch?: typeof fetch;
  /** Sleeps; for tests. */
  sleep?: (ms: number) => Promise<void>;
}

export interface QueuedEvent {
  id: string;
  type: 'call' | 'session' | 'message';
  timestamp: string;
  body: CallEvent | SessionEvent | MessageEvent;
}

export interface RejectedEvent {
  index: number;
  id: string | null;
  reasons: { field: string; message: string }[];
}

const MAX_BATCH = 1_000;
const RETRY_STATUSES = new Set([408, 429, 500, 502, 503, 504]);

/** An answer the client will not retry: a bad key, a missing scope, a refused batch. */
export class IngestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'IngestError';
  }
}

let counter = 0;
function eventId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
  return `sdk-${random}-${(counter++).toString(36)}`;
}

export class IngestClient {
  private queue: QueuedEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> = Promise.resolve();
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: IngestClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /** Queues a template call; answers its event id. */
  call(body: CallEvent): string {
    return this.add('call', body);
  }

  /** Queues a session (created, or updated when its chatId is known). */
  session(body: SessionEvent): string {
    return this.add('session', body);
  }

  /** Queues a message; a message for an unknown session opens it. */
  message(body: MessageEvent): string {
    return this.add('message', body);
  }

  /** Sends everything queued and waits for it (and for the batches already on their way). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.queue.length) this.send(this.queue.splice(0, this.batchSize()));
    await this.sending;
  }

  /** Flushes and stops: call it before the process exits. */
  async shutdown(): Promise<void> {
    await this.flush();
  }

  private batchSize(): number {
    return Math.min(MAX_BATCH, Math.max(1, this.options.batchSize ?? MAX_BATCH));
  }

  private add(type: QueuedEvent['type'], body: QueuedEvent['body']): string {
    const id = eventId();
    this.queue.push({ id, type, timestamp: new Date().toISOString(), body });
    if (this.queue.length >= this.batchSize()) {
      this.send(this.queue.splice(0, this.batchSize()));
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        if (this.queue.length) this.send(this.queue.splice(0, this.batchSize()));
      }, this.options.flushIntervalMs ?? 1_000);
    }
    return id;
  }

  /** Batches go one after another, so the console receives them in order. */
  private send(batch: QueuedEvent[]): void {
    this.sending = this.sending.then(() =>
      this.post(batch).catch((error: unknown) => {
        const reason = error instanceof Error ? error : new Error(String(error));
        this.options.onError?.(reason, batch);
      }),
    );
  }

  private async post(batch: QueuedEvent[]): Promise<void> {
    const attempts = this.options.maxAttempts ?? 5;
    let delay = this.options.backoffMs ?? 500;
    for (let attempt = 1; ; attempt++) {
      let response: Response | null = null;
      let failure: Error | null = null;
      try {
        response = await this.fetch(
          `${this.options.baseUrl.replace(/\/+$/, '')}/api/public/v1/ingest`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${this.options.apiKey}`,
            },
            // The same event ids on every attempt: the console stores each once.
            body: JSON.stringify({ batch }),
          },
        );
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
      if (response && (response.status === 200 || response.status === 207)) {
        const answer = (await response.json()) as { data?: { rejected?: RejectedEvent[] } };
        const rejected = answer.data?.rejected ?? [];
        if (rejected.length) this.options.onRejected?.(rejected);
        return;
      }
      if (response && !RETRY_STATUSES.has(response.status)) {
        const answer = (await response.json().catch(() => null)) as {
          code?: number;
          msg?: string;
        } | null;
        throw new IngestError(
          answer?.msg ?? `the console answered ${response.status}`,
          response.status,
          answer?.code,
        );
      }
      if (attempt >= attempts) {
        throw (
          failure ??
          new IngestError(`the console answered ${response?.status}`, response?.status ?? 0)
        );
      }
      const after = Number(response?.headers.get('retry-after'));
      await this.sleep(Number.isFinite(after) && after > 0 ? after * 1000 : delay);
      delay *= 2;
    }
  }
}
