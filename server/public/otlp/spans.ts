import type { AttributeValue, OtlpSpan } from './decode';

/**
 * The console's own span attributes, beside the OpenTelemetry GenAI conventions: which template
 * (and version) a model call rendered, for which scene and user.
 */
export const CONSOLE_ATTRIBUTES = {
  templateId: 'console.template_id',
  templateVersion: 'console.template_version',
  sceneCode: 'console.scene_code',
  userId: 'console.user_id',
} as const;

const text = (v: AttributeValue | undefined): string | undefined =>
  v === undefined || v === '' ? undefined : String(v);
const whole = (v: AttributeValue | undefined): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
};

/**
 * Message text of a GenAI attribute or event: a plain string, or the JSON of a message list
 * (`[{ role, content | parts }]`), whose contents are joined.
 */
function contentOf(value: AttributeValue | undefined): string | undefined {
  const raw = text(value);
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    const parts = messages.flatMap((m: unknown) => {
      if (typeof m === 'string') return [m];
      if (!m || typeof m !== 'object') return [];
      const { content, parts: list } = m as { content?: unknown; parts?: unknown };
      if (typeof content === 'string') return [content];
      if (Array.isArray(list)) {
        return list.flatMap((p: unknown) =>
          p && typeof p === 'object' && typeof (p as { content?: unknown }).content === 'string'
            ? [(p as { content: string }).content]
            : [],
        );
      }
      return [];
    });
    return parts.length ? parts.join('\n') : raw;
  } catch {
    return raw;
  }
}

function firstEvent(span: OtlpSpan, names: readonly string[], keys: readonly string[]) {
  for (const event of span.events) {
    if (!names.includes(event.name)) continue;
    for (const key of keys) {
      const content = contentOf(event.attributes[key]);
      if (content !== undefined) return content;
    }
  }
  return undefined;
}

const iso = (ns: bigint) => new Date(Number(ns / 1_000_000n)).toISOString();

/**
 * The ingest events a span stands for: a call when it names a console template, a session and
 * its messages when it carries a session id. A span with neither is not the console's business
 * (an HTTP or database span of the same trace): none.
 */
export function eventsOfSpan(span: OtlpSpan): unknown[] {
  const a = span.attributes;
  const templateId = whole(a[CONSOLE_ATTRIBUTES.templateId]);
  const chatId = text(a['session.id']) ?? text(a['gen_ai.conversation.id']);
  if (templateId === undefined && chatId === undefined) return [];

  const id = `otel:${span.traceId}:${span.spanId}`;
  const timestamp = iso(span.endNs || span.startNs);
  const model = text(a['gen_ai.request.model']) ?? text(a['gen_ai.response.model']);
  const inputTokens = whole(a['gen_ai.usage.input_tokens'] ?? a['gen_ai.usage.prompt_tokens']);
  const outputTokens = whole(
    a['gen_ai.usage.output_tokens'] ?? a['gen_ai.usage.completion_tokens'],
  );
  const prompt =
    contentOf(a['gen_ai.input.messages'] ?? a['gen_ai.prompt']) ??
    firstEvent(
      span,
      ['gen_ai.user.message', 'gen_ai.content.prompt'],
      ['content', 'gen_ai.prompt'],
    );
  const completion =
    contentOf(a['gen_ai.output.messages'] ?? a['gen_ai.completion']) ??
    firstEvent(
      span,
      ['gen_ai.choice', 'gen_ai.assistant.message', 'gen_ai.content.completion'],
      ['message', 'content', 'gen_ai.completion'],
    );
  const sceneCode = text(a[CONSOLE_ATTRIBUTES.sceneCode]);
  const userId = text(a[CONSOLE_ATTRIBUTES.userId]) ?? text(a['user.id']);
  const events: unknown[] = [];

  if (chatId !== undefined) {
    events.push({
      id: `${id}:session`,
      type: 'session',
      timestamp,
      body: {
        chatId,
        ...(sceneCode ? { sceneCode } : {}),
        ...(userId ? { userId } : {}),
      },
    });
    if (prompt !== undefined) {
      events.push({
        id: `${id}:user`,
        type: 'message',
        timestamp,
        body: {
          chatId,
          role: 'user',
          content: prompt,
          time: iso(span.startNs),
          ...(inputTokens !== undefined ? { tokens: inputTokens } : {}),
        },
      });
    }
    if (completion !== undefined) {
      events.push({
        id: `${id}:assistant`,
        type: 'message',
        timestamp,
        body: {
          chatId,
          role: 'assistant',
          content: completion,
          time: timestamp,
          ...(outputTokens !== undefined ? { tokens: outputTokens } : {}),
        },
      });
    }
  }
  if (templateId !== undefined) {
    const templateVersion = whole(a[CONSOLE_ATTRIBUTES.templateVersion]);
    events.push({
      id: `${id}:call`,
      type: 'call',
      timestamp,
      body: {
        templateId,
        ...(templateVersion !== undefined ? { templateVersion } : {}),
        ...(sceneCode ? { sceneCode } : {}),
        question: prompt ?? span.name,
        ...(completion !== undefined ? { answer: completion } : {}),
        ...(model ? { modelVersion: model } : {}),
        ...(userId ? { userId } : {}),
        promptTokens: inputTokens ?? 0,
        completionTokens: outputTokens ?? 0,
        latencyMs: Number((span.endNs - span.startNs) / 1_000_000n),
        callTime: iso(span.startNs),
      },
    });
  }
  return events;
}
