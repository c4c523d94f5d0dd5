import type { ModelErrorKind } from '../../contract/model-providers';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  messages: ChatMessage[];
  /** Aborting it cancels the provider request. */
  signal?: AbortSignal;
  /** Each piece of the answer as it arrives. */
  onDelta?: (text: string) => void;
}

export interface Completion {
  answer: string;
  promptTokens: number;
  completionTokens: number;
  /** The provider gave no usage: the counts come from the tokenizer. */
  tokensEstimated: boolean;
  /** From the request to the first piece of the answer; null when the answer was empty. */
  ttftMs: number | null;
  latencyMs: number;
}

/** One model version's way to answer. */
export interface ModelClient {
  complete(request: CompletionRequest): Promise<Completion>;
}

/** A model that did not answer, with the kind that names the reason to an operator. */
export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

export function elapsedSince(start: number): number {
  return Math.round(performance.now() - start);
}
