import OpenAI from 'openai';
import { ModelError, elapsedSince, type Completion, type ModelClient } from './client';
import { refusedAddressIn } from './outbound';
import { estimatePromptTokens, estimateTokens } from './tokens';

export interface OpenAiCompatibleSettings {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  retries: number;
}

const MAX_MESSAGE = 500;

function clipped(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** A client's failure as the kind an operator reads; the provider's own words kept short. */
export function modelErrorOf(error: unknown, timedOut: boolean): ModelError {
  if (error instanceof ModelError) return error;
  const refused = refusedAddressIn(error);
  if (refused) return new ModelError('blockedUrl', refused.message);
  if (error instanceof OpenAI.APIUserAbortError) {
    return timedOut
      ? new ModelError('timeout', 'the model stopped sending before its answer ended')
      : new ModelError('aborted', 'the request was cancelled');
  }
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ModelError('timeout', 'the model did not answer in time');
  }
  if (error instanceof OpenAI.APIConnectionError) {
    const cause = (error as { cause?: { cause?: { code?: string }; code?: string } }).cause;
    const code = cause?.cause?.code ?? cause?.code;
    return new ModelError(
      'connection',
      clipped(code ? `${error.message} (${code})` : error.message),
    );
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const kind =
      error.status === 401 || error.status === 403
        ? 'unauthorized'
        : error.status === 429
          ? 'rateLimited'
          : 'http';
    return new ModelError(kind, clipped(error.message), error.status);
  }
  // A body that is not the chat-completion stream the API promises.
  const message = error instanceof Error ? error.message : String(error);
  return new ModelError('malformed', clipped(`the model's answer could not be read: ${message}`));
}

/**
 * A model behind an OpenAI-compatible chat-completions endpoint, always streamed: the first
 * piece gives the time to first token. The client retries 429 and 5xx answers (honouring
 * Retry-After) and timeouts before the answer starts; once it streams, a pause longer than the
 * timeout ends the request.
 */
export function openAiCompatibleClient(
  settings: OpenAiCompatibleSettings,
  fetchImpl: typeof fetch,
): ModelClient {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // The library insists on a key; a gateway without one ignores the header.
    apiKey: settings.apiKey ?? 'none',
    timeout: settings.timeoutMs,
    maxRetries: settings.retries,
    fetch: fetchImpl,
  });
  return {
    async complete({ messages, signal, onDelta }): Promise<Completion> {
      const start = performance.now();
      const controller = new AbortController();
      const cancel = () => controller.abort();
      signal?.addEventListener('abort', cancel, { once: true });
      if (signal?.aborted) cancel();
      let timedOut = false;
      let idle: NodeJS.Timeout | undefined;
      const waitForMore = () => {
        clearTimeout(idle);
        idle = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, settings.timeoutMs);
      };
      let answer = '';
      let ttftMs: number | null = null;
      let usage: OpenAI.CompletionUsage | undefined;
      let chunks = 0;
      try {
        const stream = await client.chat.completions.create(
          {
            model: settings.model,
            messages,
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal: controller.signal },
        );
        waitForMore();
        for await (const chunk of stream) {
          waitForMore();
          if (!Array.isArray(chunk.choices)) {
            throw new ModelError('malformed', "the model's answer is not a chat completion");
          }
          chunks++;
          const piece = chunk.choices[0]?.delta?.content;
          if (piece) {
            ttftMs ??= elapsedSince(start);
            answer += piece;
            onDelta?.(piece);
          }
          if (chunk.usage) usage = chunk.usage;
        }
        // The library ends a stream quietly when its request is aborted.
        if (controller.signal.aborted) throw new OpenAI.APIUserAbortError();
        if (chunks === 0) {
          throw new ModelError('malformed', "the model's answer held no chat completion");
        }
      } catch (error) {
        throw modelErrorOf(error, timedOut);
      } finally {
        clearTimeout(idle);
        signal?.removeEventListener('abort', cancel);
      }
      // The model's time, not the tokenizer's.
      const latencyMs = elapsedSince(start);
      const given = usage && Number.isFinite(usage.prompt_tokens) ? usage : undefined;
      return {
        answer,
        promptTokens: given ? given.prompt_tokens : await estimatePromptTokens(messages),
        completionTokens: given ? given.completion_tokens : await estimateTokens(answer),
        tokensEstimated: !given,
        ttftMs,
        latencyMs,
      };
    },
  };
}
