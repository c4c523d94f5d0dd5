import { useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { feedbackMessage } from '../../../providers/feedback';
import { isConflict } from '../../record/conflict';
import { useCorpusCall } from '../api';
import type { Direction } from '../navigation';
import { markBodyOf, type Draft } from './draft';

interface Marking {
  item: BaseRecord | undefined;
  itemId: number | undefined;
  value: Draft | undefined;
  /** Refetches the item shown. */
  refetch(): void;
  setConflict(conflict: boolean): void;
  go(dir: Direction): Promise<boolean>;
  /** Told after every write (the set's counts change). */
  onSaved(): void;
}

/**
 * Saving or skipping the item shown, with the version read: on success it moves to the next
 * item; on a conflict it shows what is stored now and keeps the operator's draft.
 */
export function useMarking({ item, itemId, value, refetch, setConflict, go, onSaved }: Marking) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { call, pending } = useCorpusCall();

  const mark = async (body: Record<string, unknown>, done: string) => {
    if (!item || pending) return;
    try {
      await call('mark', { id: item.id, version: item.version, ...body });
      setConflict(false);
      void feedbackMessage().success(t(done));
      onSaved();
      void invalidate({ resource: 'corpus-item', invalidates: ['list', 'detail'], id: itemId });
      const moved = await go('next');
      // Staying on the item: show what was stored (its new version).
      if (!moved) refetch();
    } catch (err) {
      if (isConflict(err as HttpError)) {
        setConflict(true);
        refetch();
      }
    }
  };

  const save = () => {
    if (!value) return;
    if (!value.label) {
      void feedbackMessage().warning(t('corpus.mark.chooseLabel'));
      return;
    }
    void mark(markBodyOf({ ...value, label: value.label }), 'corpus.mark.saved');
  };
  const skip = () => void mark({ skip: true }, 'corpus.mark.skippedDone');

  return { pending, save, skip };
}
