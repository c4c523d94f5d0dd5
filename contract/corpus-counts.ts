import type { CORPUS_STATES } from './resources/corpus';
import type { ItemState } from './resources/corpus-item';

type CorpusState = (typeof CORPUS_STATES)[number];

/**
 * What each count of a corpus set counts, by item status: the one definition behind every
 * figure the console shows for a set (docs/DECISIONS.md "Corpus counts"). An item is annotated
 * once its annotation is finished: labelled by its annotator, or by every assignee of a
 * double-annotated item whether they agreed or not (disputed), and still so once reviewed. So
 * the list's "annotated" and the agreement's "items both labelled" count the same items.
 */
export const COUNTED_STATUSES = {
  annotated: ['annotated', 'disputed', 'reviewed'],
  reviewed: ['reviewed'],
  /** Annotators disagreed and no reviewer has settled it yet. */
  disputed: ['disputed'],
  skipped: ['skipped'],
  /** Waiting for (more) annotation, including a double-annotated item one assignee labelled. */
  pending: ['pending'],
} as const satisfies Record<string, readonly ItemState[]>;

export type CountName = keyof typeof COUNTED_STATUSES;

/** A set's counts (`corpus/counts`); the set's record keeps items, annotated and reviewed. */
export interface CorpusCounts extends Record<CountName, number> {
  items: number;
  /** Per annotator, by id: the set's items carrying their own label. */
  annotators: { id: string; name: string | null; labelled: number }[];
}

/** Counts the statuses of a set's items by COUNTED_STATUSES (the seed's and the tests' way). */
export function countStatuses(statuses: Iterable<string>): Record<CountName, number> & {
  items: number;
} {
  const out = { items: 0, annotated: 0, reviewed: 0, disputed: 0, skipped: 0, pending: 0 };
  const names = Object.keys(COUNTED_STATUSES) as CountName[];
  for (const status of statuses) {
    out.items++;
    for (const name of names) {
      if ((COUNTED_STATUSES[name] as readonly string[]).includes(status)) out[name]++;
    }
  }
  return out;
}

/**
 * A set's state from its counts: pending while nothing is annotated (an empty set too), done
 * when every item is annotated, no dispute is open and, with `requireReview`, every item is
 * reviewed; marking otherwise.
 */
export function corpusStateOf(
  counts: Pick<CorpusCounts, 'items' | 'annotated' | 'reviewed' | 'disputed'>,
  requireReview: boolean,
): CorpusState {
  if (counts.annotated === 0) return 'pending';
  const finished =
    counts.annotated === counts.items &&
    counts.disputed === 0 &&
    (!requireReview || counts.reviewed === counts.items);
  return finished ? 'done' : 'marking';
}
