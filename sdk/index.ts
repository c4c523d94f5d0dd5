export {
  PromptClient,
  PromptError,
  type GetPromptOptions,
  type Prompt,
  type PromptClientOptions,
} from './prompts';
export {
  IngestClient,
  IngestError,
  type CallEvent,
  type IngestClientOptions,
  type MessageEvent,
  type QueuedEvent,
  type RejectedEvent,
  type SessionEvent,
} from './ingest';
