import type { BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import { ITEM_LABELS, type ItemLabel } from '../../../../contract/resources/corpus-item';

/** What the operator is writing for one item, before it is saved. */
export interface Draft {
  label: ItemLabel | undefined;
  recommendedAnswer: string;
  tags: string[];
  comment: string;
}

export const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function draftOf(item: BaseRecord): Draft {
  const label = (ITEM_LABELS as readonly unknown[]).includes(item.label)
    ? (item.label as ItemLabel)
    : undefined;
  return {
    label,
    recommendedAnswer: text(item.recommendedAnswer),
    tags: Array.isArray(item.tags) ? (item.tags as unknown[]).map(String) : [],
    comment: text(item.comment),
  };
}

/** The mark call's body for a labelled draft: blank texts are sent as "none" (null). */
export function markBodyOf(value: Draft & { label: ItemLabel }): Record<string, unknown> {
  return {
    label: value.label,
    recommendedAnswer: value.recommendedAnswer.trim() ? value.recommendedAnswer : null,
    tags: value.tags,
    comment: value.comment.trim() ? value.comment : null,
  };
}

/**
 * The draft of the item shown, and whether saving it met someone else's newer save. The draft
 * starts from the item whenever another item is shown; a refetch of the same item (after a
 * conflict) leaves what the operator typed alone.
 */
export function useItemDraft(item: BaseRecord | undefined, itemId: number | undefined) {
  const [conflict, setConflict] = useState(false);
  const [draft, setDraft] = useState<{ of: number | undefined; value: Draft } | null>(null);
  if (item && Number(item.id) === itemId && draft?.of !== itemId) {
    setDraft({ of: itemId, value: draftOf(item) });
    setConflict(false);
  }
  const value = draft?.of === itemId ? draft?.value : undefined;
  const change = (patch: Partial<Draft>) =>
    setDraft((d) => (d ? { ...d, value: { ...d.value, ...patch } } : d));
  /** Drops the operator's draft for what is stored now. */
  const takeTheirs = () => {
    if (item) setDraft({ of: itemId, value: draftOf(item) });
    setConflict(false);
  };
  return { value, change, conflict, setConflict, takeTheirs };
}
