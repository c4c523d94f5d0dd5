import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Code } from '../../../contract/envelope';
import { modelVersions, promptCalls, prompts, recordMessages, records } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { listenLocally, newApiKey, useTestApp } from '../../test/harness';
import { OTLP_TRACES_PATH } from './routes';

/** The OTLP door, fed by the OpenTelemetry SDK's own exporters over HTTP. */
describeBackends('public API: OpenTelemetry traces', (backend) => {
  const t = useTestApp(backend, { anonymousLimit: false });
  let url = '';
  let secret = '';
  let template: { id: number; sceneCode: string; type: string };
  let model = '';
  const run = Date.now();

  beforeAll(async () => {
    url = `${await listenLocally(t)}${OTLP_TRACES_PATH}`;
    secret = await newApiKey(t, { scopes: ['ingest'] });
    const [row] = await t.db
      .select({ id: prompts.id, sceneCode: prompts.sceneCode, type: prompts.type })
      .from(prompts)
      .where(and(eq(prompts.isPublic, 1), isNotNull(prompts.sceneCode)))
      .limit(1);
    template = row as typeof template;
    const [m] = await t.db
      .select({ version: modelVersions.version })
      .from(modelVersions)
      .where(eq(modelVersions.modelType, template.type))
      .limit(1);
    model = m!.version;
  });
  afterAll(() => t.app.server.close());

  /** Ends the spans `record` starts, exported by `exporter`, and waits for the export. */
  async function exportSpans(exporter: SpanExporter, record: (p: BasicTracerProvider) => void) {
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'copilot-platform' }),
      spanProcessors: [new SimpleSpanProcessor(exporter)],
    });
    record(provider);
    await provider.forceFlush();
    await provider.shutdown();
  }

  const genAiSpan = (
    p: BasicTracerProvider,
    name: string,
    extra: Record<string, string | number>,
  ) => {
    const span = p.getTracer('test').startSpan(name, {
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': model,
        'gen_ai.usage.input_tokens': 120,
        'gen_ai.usage.output_tokens': 30,
        'gen_ai.prompt': `prompt ${name}`,
        'gen_ai.completion': `completion ${name}`,
        ...extra,
      },
    });
    span.end();
  };

  it('protobuf: GenAI spans become calls, sessions and messages; others are counted', async () => {
    const chatId = `otel-chat-${run}`;
    const exporter = new ProtoExporter({ url, headers: { Authorization: `Bearer ${secret}` } });
    await exportSpans(exporter, (p) => {
      genAiSpan(p, `proto-call-${run}`, {
        'console.template_id': template.id,
        'console.scene_code': template.sceneCode,
        'session.id': chatId,
      });
      // An HTTP span of the same trace: not the console's business.
      p.getTracer('test')
        .startSpan('GET /health', { attributes: { 'http.method': 'GET' } })
        .end();
    });
    const [call] = await t.db
      .select()
      .from(promptCalls)
      .where(eq(promptCalls.question, `prompt proto-call-${run}`));
    expect(call).toMatchObject({
      templateId: template.id,
      sceneCode: template.sceneCode,
      answer: `completion proto-call-${run}`,
      modelVersion: model,
      promptTokens: 120,
      completionTokens: 30,
    });
    const [session] = await t.db.select().from(records).where(eq(records.chatId, chatId));
    expect(session).toMatchObject({ sceneCode: template.sceneCode, messageCount: 2 });
    const messages = await t.db
      .select({ role: recordMessages.role, content: recordMessages.content })
      .from(recordMessages)
      .where(eq(recordMessages.recordId, session!.id as number))
      .orderBy(recordMessages.seq);
    expect(messages).toEqual([
      { role: 'user', content: `prompt proto-call-${run}` },
      { role: 'assistant', content: `completion proto-call-${run}` },
    ]);
  });

  it('JSON: the same mapping, and an export sent twice stores each span once', async () => {
    const exporter = new JsonExporter({ url, headers: { Authorization: `Bearer ${secret}` } });
    await exportSpans(exporter, (p) => {
      genAiSpan(p, `json-call-${run}`, { 'console.template_id': template.id });
    });
    const stored = await t.db
      .select()
      .from(promptCalls)
      .where(eq(promptCalls.question, `prompt json-call-${run}`));
    expect(stored).toHaveLength(1);
  });

  it('answers partial success with the count of dropped and rejected spans', async () => {
    const span = (id: string, attributes: object[]) => ({
      traceId: '5b8efff798038103d269b633813fc60c',
      spanId: id,
      name: 'llm',
      startTimeUnixNano: `${BigInt(Date.now()) * 1_000_000n}`,
      endTimeUnixNano: `${BigInt(Date.now() + 5) * 1_000_000n}`,
      attributes,
    });
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [] },
          scopeSpans: [
            {
              spans: [
                span('eee19b7ec3c1b174', [
                  { key: 'console.template_id', value: { intValue: '999999999' } },
                ]),
                span('eee19b7ec3c1b175', [{ key: 'http.method', value: { stringValue: 'GET' } }]),
                span(`${(run % 1e8).toString(16).padStart(8, '0')}00000000`, [
                  { key: 'console.template_id', value: { intValue: String(template.id) } },
                  { key: 'gen_ai.prompt', value: { stringValue: `prompt raw-${run}` } },
                ]),
              ],
            },
          ],
        },
      ],
    };
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      partialSuccess: { rejectedSpans: number; errorMessage: string };
    };
    expect(answer.partialSuccess.rejectedSpans).toBe(2);
    expect(answer.partialSuccess.errorMessage).toMatch(/1 spans carried neither/);
    expect(answer.partialSuccess.errorMessage).toMatch(/1 spans were rejected/);
    expect(
      await t.db
        .select()
        .from(promptCalls)
        .where(eq(promptCalls.question, `prompt raw-${run}`)),
    ).toHaveLength(1);
  });

  it('refuses garbage bytes, a key without the scope and no key, and stays up', async () => {
    const post = (body: BodyInit, type: string, key = secret) =>
      fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': type },
        body,
      });
    const garbage = await post(
      new Blob([new Uint8Array([0xff, 0xff, 0xff, 0x0a, 0x01, 0x02])]),
      'application/x-protobuf',
    );
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { code: number }).code).toBe(Code.INVALID);
    expect((await post('{"resourceSpans": 7}', 'application/json')).status).toBe(400);
    expect((await post('{}', 'application/json', 'ck_nope')).status).toBe(401);
    const readerKey = await newApiKey(t, { scopes: ['prompts:read'] });
    expect((await post('{}', 'application/json', readerKey)).status).toBe(403);
    const health = await fetch(url.replace(OTLP_TRACES_PATH, '/api/health'));
    expect(health.status).toBe(200);
  });
});
