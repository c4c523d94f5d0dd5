import type { Database } from '../db/client';
import { ANNOUNCED_TABLES, type TableChanges } from '../db/table-changes';
import type { Caller } from './visibility';

// A list's page or a record's detail, kept until a table it read changes (docs/DECISIONS.md
// "An answer is read once, like a total"): the same request from the same caller is answered
// from memory while every table its statements read stands unchanged, as the database's change
// channel tells. It is the rule a kept count follows (list-totals.ts keptCount), applied to the
// whole answer.

/**
 * The default budget of kept answers per database, in MiB of their JSON (ANSWERS_KEPT_MB,
 * estimated: freezeAndMeasure). The objects take about 1.5–1.8 times that in V8's heap.
 */
export const DEFAULT_ANSWERS_KEPT_MB = 32;
/** The most answers kept per database whatever their size; the least recently used goes first. */
export const ANSWER_KEYS = 10_000;

interface Kept {
  answer: unknown;
  version: string;
  bytes: number;
}

/**
 * One database's kept answers: least recently used first, within a budget of JSON length. An
 * answer is kept the second time it is read (`offer`): a page asked once and never again (a
 * cursor walked through, a search typed once) costs a key, not a copy that lives on until it
 * is pushed out, which cost a never-asked-again list about a sixth of its server CPU in the
 * garbage collector (docs/PERFORMANCE.md "Answers read once").
 */
export class AnswerKeep {
  private readonly entries = new Map<string, Kept>();
  /** Keys read once (or kept before a change), oldest first: the next read keeps its answer. */
  private readonly seen = new Set<string>();
  private used = 0;

  constructor(
    readonly changes: TableChanges,
    readonly maxBytes: number,
    readonly maxEntries = ANSWER_KEYS,
  ) {}

  /** The answer kept for `key` under `version`, now the most recently used; else undefined. */
  get(key: string, version: string): unknown {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (kept.version !== version) {
      this.used -= kept.bytes;
      // Asked again after a change: it is asked often, keep its next answer at once.
      this.remember(key);
      return undefined;
    }
    this.entries.set(key, kept);
    return kept.answer;
  }

  /**
   * A fresh answer for `key`, read under `version`: kept (frozen) if the key was read before,
   * else only remembered as read.
   */
  offer(key: string, version: string, answer: unknown): void {
    if (!this.seen.delete(key)) {
      this.remember(key);
      return;
    }
    this.set(key, version, answer, freezeAndMeasure(answer));
  }

  private remember(key: string): void {
    this.seen.add(key);
    if (this.seen.size > this.maxEntries) this.seen.delete(this.seen.values().next().value!);
  }

  set(key: string, version: string, answer: unknown, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.used -= old.bytes;
    }
    // An answer larger than a tenth of the budget would push out many small ones for one reader.
    if (bytes > this.maxBytes / 10) return;
    this.entries.set(key, { answer, version, bytes });
    this.used += bytes;
    while (this.used > this.maxBytes || this.entries.size > this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Kept];
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }

  /** Answers and JSON bytes kept now (tests, benches). */
  get size(): { answers: number; bytes: number } {
    return { answers: this.entries.size, bytes: this.used };
  }
}

/** Kept answers by database handle (app.ts registers the main handle's). */
const keeps = new WeakMap<Database, AnswerKeep>();

/**
 * Lists and details on `db` keep their answers, at most `maxMb` MiB of JSON, while the tables
 * they read stand unchanged as `changes` hears it; 0 keeps none.
 */
export function keepAnswers(db: Database, changes: TableChanges, maxMb: number): void {
  if (maxMb > 0) keeps.set(db, new AnswerKeep(changes, maxMb * 1024 * 1024));
  else keeps.delete(db);
}

/** The answers kept for `db`, if it keeps any (tests, benches). */
export function answerKeepOf(db: Database): AnswerKeep | undefined {
  return keeps.get(db);
}

/**
 * The tables a statement's text reads: each double-quoted name after FROM or JOIN, as drizzle
 * writes a table (a subquery in the selection, the visibility's probe, the count). A function
 * the text calls could read more; the console's own are immutable (migration 0007).
 */
export function tablesIn(text: string): string[] {
  const out = new Set<string>();
  for (const match of text.matchAll(/\b(?:from|join)\s+"([^"]+)"/gi)) out.add(match[1]!);
  return [...out];
}

/**
 * The tables `texts` read, and `alsoRead`, when the channel announces a change to every one of
 * them (the answer can be kept), else null (one of them changes unheard: users, model versions).
 */
export function announcedTables(
  texts: readonly string[],
  alsoRead: readonly string[] = [],
): string[] | null {
  const tables = [...new Set([...tablesIn(texts.join('\n')), ...alsoRead])];
  return tables.every((t) => ANNOUNCED_TABLES.has(t)) ? tables.sort() : null;
}

/** A number per answering source (a list, a store), so two of one name never share answers. */
const ids = new WeakMap<object, number>();
let nextId = 0;
function idOf(source: object): number {
  let id = ids.get(source);
  if (id === undefined) ids.set(source, (id = ++nextId));
  return id;
}

/** What `keptAnswer` finds: a kept answer, or how to keep the one about to be read. */
export interface AnswerLookup<T> {
  answer: T | undefined;
  keep(answer: T): void;
}

const NONE: AnswerLookup<never> = { answer: undefined, keep: () => {} };

/**
 * The kept answer of `request` from `caller` to `source` (a list, a store's detail) on
 * `db`, whose statements read `tables()` (null: not all announced; asked only when `db` keeps
 * answers, so a server that keeps none does no work for it), and how to keep a new one.
 * The tables' version is read now, before any statement is sent: a write committed after the
 * statements' snapshot is announced after this and moves it, so a kept answer is never older
 * than the changes heard when it was asked (TableChanges).
 */
export function keptAnswer<T extends object>(
  db: Database,
  source: object,
  tables: () => readonly string[] | null,
  request: unknown,
  caller: Caller,
): AnswerLookup<T> {
  const keep = keeps.get(db);
  if (!keep) return NONE;
  const read = tables();
  if (!read) return NONE;
  const version = keep.changes.versionOf(read);
  if (version === undefined) return NONE;
  // Visibility reads the caller's id alone; the role is in the key all the same, so nothing
  // decided by role could ever be answered to another.
  const key = `${idOf(source)}\u0000${caller.id}\u0000${caller.role}\u0000${JSON.stringify(request)}`;
  const answer = keep.get(key, version) as T | undefined;
  if (answer) return { answer, keep: () => {} };
  return {
    answer: undefined,
    keep: (fresh) => keep.offer(key, version, fresh),
  };
}

/**
 * Freezes an answer and everything in it, and tells about how long its JSON is (characters,
 * estimated in the same walk: JSON.stringify cost four times the walk, 22–31 µs for a page of
 * ten calls). Frozen because one object now serves many requests: a caller that changed it in
 * place would change every later answer (strict mode throws instead).
 */
export function freezeAndMeasure(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 8;
  // A typed array with elements cannot be frozen (and no record holds one).
  if (ArrayBuffer.isView(value)) return value.byteLength;
  Object.freeze(value);
  let n = 2;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) n += freezeAndMeasure(item) + 1;
    return n;
  }
  for (const [key, inner] of Object.entries(value)) n += key.length + 4 + freezeAndMeasure(inner);
  return n;
}
