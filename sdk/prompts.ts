/**
 * The platform's client for prompts served by the console: fetch the template version a label
 * points at, by scene code or template id, through an in-memory cache. Dependency-free: it
 * needs only the global `fetch` (Node 18+, browsers, edge runtimes).
 */

export interface Prompt {
  templateId: number;
  title: string;
  sceneCode: string | null;
  modelType: string;
  version: number;
  label: string;
  content: string;
  variables: Record<string, unknown>[];
}

export interface PromptClientOptions {
  /** The console's origin, e.g. https://console.example.com */
  baseUrl: string;
  /** A key with the `prompts:read` scope (`ck_…`). */
  apiKey: string;
  /** How long a copy is served before it is refreshed in the background; 60 s by default. */
  ttlMs?: number;
  /** How long one request may take; 5 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** The clock, for tests. */
  now?: () => number;
}

export interface GetPromptOptions {
  label?: string;
  ttlMs?: number;
}

/** A fetch that failed with no copy to fall back on. */
export class PromptError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the console did not answer. */
    readonly status: number,
    /** The console's body code (50008, 40300, 40400, …), when it answered one. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'PromptError';
  }
}

interface Entry {
  prompt: Prompt;
  etag: string | null;
  fetchedAt: number;
  refreshing: Promise<void> | null;
}

const DEFAULT_TTL_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 5_000;

export class PromptClient {
  private readonly cache = new Map<string, Entry>();
  private readonly fetch: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: PromptClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.now = options.now ?? Date.now;
  }

  /**
   * The prompt a label points at (production by default): a scene code (string) asks for the
   * template bound to that scene, a template id (number) for that template. A copy younger than
   * the TTL is answered from memory; an older one is answered too while a refresh runs in the
   * background, and stays in use when the console cannot be reached.
   */
  async getPrompt(target: string | number, options: GetPromptOptions = {}): Promise<Prompt> {
    const label = options.label ?? 'production';
    const path =
      typeof target === 'number'
        ? `/api/public/v1/prompts/${target}`
        : `/api/public/v1/scenes/${encodeURIComponent(target)}/prompt`;
    const key = `${path}?label=${encodeURIComponent(label)}`;
    const entry = this.cache.get(key);
    if (!entry) {
      const fresh = await this.request(key, null);
      if (!fresh) throw new PromptError('the console answered 304 to a first request', 304);
      this.cache.set(key, { ...fresh, fetchedAt: this.now(), refreshing: null });
      return fresh.prompt;
    }
    const ttl = options.ttlMs ?? this.options.ttlMs ?? DEFAULT_TTL_MS;
    if (this.now() - entry.fetchedAt >= ttl && !entry.refreshing) {
      entry.refreshing = this.refresh(key, entry).finally(() => {
        entry.refreshing = null;
      });
    }
    return entry.prompt;
  }

  /** Waits for the background refreshes under way (tests, and a clean shutdown). */
  async settled(): Promise<void> {
    await Promise.all([...this.cache.values()].map((e) => e.refreshing));
  }

  private async refresh(key: string, entry: Entry): Promise<void> {
    try {
      const fresh = await this.request(key, entry.etag);
      if (fresh) {
        entry.prompt = fresh.prompt;
        entry.etag = fresh.etag;
      }
    } catch {
      // The last good copy stays; the next refresh is tried after another TTL.
    }
    entry.fetchedAt = this.now();
  }

  /** One request; null when the copy held is still current (304). */
  private async request(
    pathAndQuery: string,
    etag: string | null,
  ): Promise<{ prompt: Prompt; etag: string | null } | null> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(),
      this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl.replace(/\/+$/, '')}${pathAndQuery}`, {
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          ...(etag ? { 'if-none-match': etag } : {}),
        },
        signal: controller.signal,
      });
    } catch (error) {
      throw new PromptError(
        `the console could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        0,
      );
    } finally {
      clearTimeout(timer);
    }
    if (response.status === 304) return null;
    const body = (await response.json().catch(() => null)) as {
      code?: number;
      msg?: string;
      data?: Prompt;
    } | null;
    if (!response.ok || !body || body.code !== 0 || !body.data) {
      throw new PromptError(
        body?.msg ?? `the console answered ${response.status}`,
        response.status,
        body?.code,
      );
    }
    return { prompt: body.data, etag: response.headers.get('etag') };
  }
}
