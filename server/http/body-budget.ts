import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error';
import { Code } from '../../contract/envelope';

/**
 * How much structure a JSON body may have, checked on the raw text before it is parsed, so a
 * hostile body (tens of thousands of keys, deep nesting) costs one linear scan instead of an
 * object graph, a validation pass and an answer listing every key.
 */
export interface BodyLimits {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most keys of any one object. */
  maxKeys: number;
  /** Most values in the whole body: containers, object members and array elements. */
  maxValues: number;
}

/**
 * Generous for every body the contract knows: a list body nests 5 deep and holds about 2,100
 * values at most (20 filters of 100 values); the widest create body has under 30 fields.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own budget, where its bodies are larger than a console form's. */
    bodyLimits?: BodyLimits;
  }
}

export const DEFAULT_BODY_LIMITS: BodyLimits = { maxDepth: 20, maxKeys: 200, maxValues: 10_000 };

export type BudgetProblem =
  { kind: 'depth'; max: number } | { kind: 'keys'; max: number } | { kind: 'values'; max: number };

const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * Scans JSON text once and reports the first limit it breaks, if any. Text that is not JSON may
 * pass or fail; the parser that runs afterwards rejects it either way.
 */
export function budgetProblem(text: string, limits: BodyLimits): BudgetProblem | undefined {
  // Per open container: whether it is an object, and its keys (objects) or commas (arrays).
  const isObject = new Uint8Array(limits.maxDepth + 1);
  const counts = new Uint32Array(limits.maxDepth + 1);
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    switch (c) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (depth >= limits.maxDepth) return { kind: 'depth', max: limits.maxDepth };
        depth++;
        isObject[depth] = c === OPEN_OBJECT ? 1 : 0;
        counts[depth] = 0;
        values++;
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        if (depth > 0) depth--;
        break;
      case COLON:
        // One colon per member: the object's key count.
        if (depth > 0 && isObject[depth] && ++counts[depth]! > limits.maxKeys) {
          return { kind: 'keys', max: limits.maxKeys };
        }
        values++;
        break;
      case COMMA:
        if (depth > 0 && !isObject[depth]) values++;
        break;
    }
    if (values > limits.maxValues) return { kind: 'values', max: limits.maxValues };
  }
  return undefined;
}

const PROBLEM_KEYS = {
  depth: 'tooDeep',
  keys: 'tooManyFields',
  values: 'tooManyValues',
} as const;

/** The 40000 with a single issue that a body over budget answers. */
export function budgetError(problem: BudgetProblem): AppError {
  return new AppError(Code.INVALID, 'invalidField', {}, [
    { field: 'body', key: PROBLEM_KEYS[problem.kind], params: { max: problem.max } },
  ]);
}

/**
 * The most top-level keys a route's body schema can accept: the field count of a strict object,
 * undefined when the schema takes other keys (or is not an object).
 */
export function keyCapacity(schema: unknown): number | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const catchall: unknown = schema.def.catchall;
  if (catchall !== undefined && !(catchall instanceof z.ZodNever)) return undefined;
  return Object.keys(schema.shape).length;
}

/** Counts own keys up to `limit + 1`, so a huge object costs no more than a small one. */
function keysOver(value: object, limit: number): boolean {
  let n = 0;
  for (const key in value) {
    if (Object.hasOwn(value, key) && ++n > limit) return true;
  }
  return false;
}

/**
 * A key-count check for every strict-object body, after authentication and before zod: too many
 * keys answer one issue, not one per unknown key, and strangers still get 50008 first.
 */
export function installKeyCapacityCheck(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const capacity = keyCapacity(route.schema?.body);
    if (capacity === undefined) return;
    const check: preValidationHookHandler = (request: FastifyRequest, _reply, done) => {
      const body = request.body;
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
        if (keysOver(body, capacity)) {
          done(budgetError({ kind: 'keys', max: capacity }));
          return;
        }
      }
      done();
    };
    const own = route.preValidation;
    route.preValidation = own === undefined ? [check] : [...[own].flat(), check];
  });
}
