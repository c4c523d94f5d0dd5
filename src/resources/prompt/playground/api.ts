import { apiPath } from '../../../../contract/api';
import type { Envelope } from '../../../../contract/envelope';
import type { PromptRunEvent } from '../../../../contract/playground';
import { http } from '../../../providers/api';
import { SseReader } from './sse';

export interface RunRequest {
  templateId: number;
  content?: string;
  variables: Record<string, string>;
  modelVersions: string[];
}

/**
 * Runs a template as server-sent events, handing each to `onEvent` as it arrives. Through the
 * console's HTTP client, so a refused run (bad values, a logged-out session) is reported as
 * every other call is; `signal` stops it, and the server then cancels the model requests.
 */
export async function streamRun(
  body: RunRequest,
  onEvent: (event: PromptRunEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const reader = new SseReader();
  const deliver = (text: unknown) => {
    if (typeof text !== 'string') return;
    for (const e of reader.take(text)) onEvent(e as PromptRunEvent);
  };
  const res = await http.post<string>(apiPath('prompt', 'run'), body, {
    headers: { Accept: 'text/event-stream' },
    // The XHR adapter reports the text as it grows; fetch's would wait for the end.
    adapter: 'xhr',
    signal,
    onDownloadProgress: (progress) => {
      deliver((progress.event as ProgressEvent<XMLHttpRequest> | undefined)?.target?.responseText);
    },
  });
  deliver(res.data);
}

export async function fetchInterfaceValue(templateId: number, fieldName: string): Promise<string> {
  const res = await http.post<Envelope<{ value: string }>>(apiPath('prompt', 'interface-value'), {
    templateId,
    fieldName,
  });
  return res.data.data.value;
}
