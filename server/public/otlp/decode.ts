import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import protobuf from 'protobufjs';

const PROTO_DIR = fileURLToPath(new URL('./proto', import.meta.url));

function loadRoot(): protobuf.Root {
  const root = new protobuf.Root();
  // The definitions import each other by their path from the proto folder.
  root.resolvePath = (_origin, target) => join(PROTO_DIR, target);
  root.loadSync('opentelemetry/proto/collector/trace/v1/trace_service.proto');
  return root;
}

let root: protobuf.Root | undefined;
function types() {
  root ??= loadRoot();
  return {
    request: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
    response: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
  };
}

export type AttributeValue = string | number | boolean;

/** A span as the mapping needs it, whichever encoding it came in. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  name: string;
  /** Nanoseconds since the epoch. */
  startNs: bigint;
  endNs: bigint;
  /** The resource's attributes, then the span's own over them. */
  attributes: Record<string, AttributeValue>;
  events: { name: string; attributes: Record<string, AttributeValue> }[];
}

/** An OTLP body that is not a trace export request. */
export class OtlpBodyError extends Error {}

interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
  bytesValue?: unknown;
}
interface KeyValue {
  key?: string;
  value?: AnyValue;
}

function valueOf(value: AnyValue | undefined): AttributeValue | undefined {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  // Lists and maps (message arrays in some conventions) are kept as JSON text.
  if (value.arrayValue) return JSON.stringify((value.arrayValue.values ?? []).map(valueOf));
  if (value.kvlistValue) return JSON.stringify(attributesOf(value.kvlistValue.values));
  return undefined;
}

function attributesOf(list: KeyValue[] | undefined): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const kv of list ?? []) {
    const v = valueOf(kv.value);
    if (kv.key && v !== undefined) out[kv.key] = v;
  }
  return out;
}

const hex = (id: unknown): string =>
  typeof id === 'string'
    ? id.toLowerCase()
    : id instanceof Uint8Array
      ? Buffer.from(id).toString('hex')
      : '';

const nanos = (v: unknown): bigint => {
  try {
    return BigInt(typeof v === 'number' ? Math.trunc(v) : String(v ?? 0));
  } catch {
    throw new OtlpBodyError('a time is not a whole number of nanoseconds');
  }
};

interface RawRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId?: unknown;
        spanId?: unknown;
        name?: string;
        startTimeUnixNano?: unknown;
        endTimeUnixNano?: unknown;
        attributes?: KeyValue[];
        events?: { name?: string; attributes?: KeyValue[] }[];
      }[];
    }[];
  }[];
}

function spansOf(request: RawRequest): OtlpSpan[] {
  if (!request || typeof request !== 'object' || !Array.isArray(request.resourceSpans ?? [])) {
    throw new OtlpBodyError('the body is no trace export request');
  }
  const spans: OtlpSpan[] = [];
  for (const resourceSpans of request.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scope of resourceSpans.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        spans.push({
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          name: span.name ?? '',
          startNs: nanos(span.startTimeUnixNano),
          endNs: nanos(span.endTimeUnixNano),
          attributes: { ...resource, ...attributesOf(span.attributes) },
          events: (span.events ?? []).map((e) => ({
            name: e.name ?? '',
            attributes: attributesOf(e.attributes),
          })),
        });
      }
    }
  }
  return spans;
}

/** The spans of a protobuf-encoded ExportTraceServiceRequest. */
export function decodeProtobuf(body: Uint8Array): OtlpSpan[] {
  let message: protobuf.Message;
  try {
    message = types().request.decode(body);
  } catch (error) {
    throw new OtlpBodyError(
      `the body is no protobuf trace export request (${error instanceof Error ? error.message : 'unreadable'})`,
    );
  }
  const object = types().request.toObject(message, { longs: String, defaults: false });
  return spansOf(object as RawRequest);
}

/** The spans of an OTLP/JSON request (ids in hex, as the OTLP JSON encoding writes them). */
export function decodeJson(body: unknown): OtlpSpan[] {
  return spansOf(body as RawRequest);
}

/** The export answer, partial success included, in the request's encoding. */
export function encodeResponse(
  rejectedSpans: number,
  errorMessage: string,
  as: 'protobuf' | 'json',
): Uint8Array | object {
  const partialSuccess = rejectedSpans > 0 ? { rejectedSpans, errorMessage } : undefined;
  if (as === 'json') return partialSuccess ? { partialSuccess } : {};
  const { response } = types();
  return response.encode(response.create(partialSuccess ? { partialSuccess } : {})).finish();
}
