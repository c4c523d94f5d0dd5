import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { PUBLIC_API_PREFIX } from '../../../contract/api-keys';
import { Code } from '../../../contract/envelope';
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from '../../../contract/ingest';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { KeyAuth } from '../auth';
import { ingest } from '../ingest';
import { decodeJson, decodeProtobuf, encodeResponse, OtlpBodyError } from './decode';
import { eventsOfSpan } from './spans';

const PROTOBUF = 'application/x-protobuf';
/** Spans one export may carry at most. */
const MAX_SPANS = MAX_BATCH_EVENTS * 2;

export const OTLP_TRACES_PATH = `${PUBLIC_API_PREFIX}/otel/v1/traces`;

/**
 * OTLP/HTTP traces, protobuf or JSON, as OpenTelemetry SDKs export them. Spans following the
 * GenAI conventions with the console's attributes become calls, sessions and messages through
 * the ingest path (each once by trace and span id); others are counted and dropped, and the
 * answer's partial success says how many spans were not stored and why.
 */
export function otlpRoutes(app: FastifyInstance, db: Database, auth: KeyAuth): void {
  app.addContentTypeParser(
    PROTOBUF,
    { parseAs: 'buffer', bodyLimit: MAX_BATCH_BYTES },
    (request, body, done) => {
      if (request.headers['content-encoding'] !== 'gzip') return done(null, body);
      try {
        done(null, gunzipSync(body as Buffer, { maxOutputLength: MAX_BATCH_BYTES }));
      } catch {
        done(new AppError(Code.INVALID, 'otlpBody', { reason: 'gzip' }), undefined);
      }
    },
  );

  app.post(OTLP_TRACES_PATH, {
    preValidation: [auth.require('ingest')],
    bodyLimit: MAX_BATCH_BYTES,
    config: { bodyLimits: { maxDepth: 40, maxKeys: 200, maxValues: MAX_SPANS * 200 } },
    schema: {
      tags: ['public'],
      summary:
        'OTLP/HTTP trace export (protobuf or JSON). GenAI spans with console.template_id become calls, with session.id sessions and messages; the rest are counted in partialSuccess',
      security: [{ bearer: [] }],
    },
    handler: async (request, reply) => {
      const protobuf = Buffer.isBuffer(request.body);
      let spans;
      try {
        spans = protobuf ? decodeProtobuf(request.body as Buffer) : decodeJson(request.body);
      } catch (error) {
        if (error instanceof OtlpBodyError) {
          throw new AppError(Code.INVALID, 'otlpBody', { reason: error.message });
        }
        throw error;
      }
      if (spans.length > MAX_SPANS) {
        throw new AppError(Code.INVALID, 'otlpBody', { reason: `more than ${MAX_SPANS} spans` });
      }
      let dropped = 0;
      const events: unknown[] = [];
      for (const span of spans) {
        const mine = eventsOfSpan(span);
        if (mine.length === 0) dropped++;
        events.push(...mine);
      }
      const answer = events.length
        ? await ingest(db, request.apiKey!, events, request)
        : { accepted: 0, rejected: [] };
      // A span is rejected when any of its events was: its id is the events' common prefix.
      const rejectedSpans = new Set(
        answer.rejected.map((r) => (r.id ?? '').split(':').slice(0, 3).join(':')),
      );
      const reasons = answer.rejected
        .slice(0, 3)
        .map((r) => `${r.id}: ${r.reasons.map((x) => `${x.field} ${x.message}`).join(', ')}`);
      const message = [
        dropped ? `${dropped} spans carried neither console.template_id nor session.id` : '',
        rejectedSpans.size
          ? `${rejectedSpans.size} spans were rejected (${reasons.join('; ')})`
          : '',
      ]
        .filter(Boolean)
        .join('; ');
      const body = encodeResponse(
        dropped + rejectedSpans.size,
        message,
        protobuf ? 'protobuf' : 'json',
      );
      if (protobuf) reply.header('content-type', PROTOBUF);
      return reply.send(protobuf ? Buffer.from(body as Uint8Array) : body);
    },
  });
}
