import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedbackMessage } from '../../../providers/feedback';
import type { Direction } from '../navigation';
import type { StatusFilter } from './location';
import type { Stepper } from './use-stepper';

interface Where {
  status: StatusFilter;
  itemId: number | undefined;
  setItem(id: number | undefined, nextStatus?: StatusFilter): void;
}

/**
 * Moving between items: resuming where the work stands, stepping to a neighbour, switching the
 * status filter. `empty` is true when the set had no item to open.
 */
export function useMoves(stepper: Stepper, { status, itemId, setItem }: Where) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState(false);
  const [empty, setEmpty] = useState(false);

  // Opening without an item resumes at the first pending one (else the filter's first item).
  const resumed = useRef(false);
  useEffect(() => {
    if (itemId !== undefined || resumed.current) return;
    resumed.current = true;
    void (async () => {
      try {
        const id = (await stepper.first('pending')) ?? (await stepper.first(status));
        if (id === undefined) setEmpty(true);
        else setItem(id);
      } catch {
        setEmpty(true);
      }
    })();
  }, [itemId, stepper, status, setItem]);

  /** Steps to the neighbour; false when there is none (or a step is already under way). */
  const go = async (dir: Direction): Promise<boolean> => {
    if (itemId === undefined || moving) return false;
    setMoving(true);
    try {
      const id = await stepper.neighbour(itemId, dir);
      if (id === undefined) {
        void feedbackMessage().info(
          t(dir === 'next' ? 'corpus.mark.atEnd' : 'corpus.mark.atStart'),
        );
        return false;
      }
      setItem(id);
      return true;
    } catch {
      return false;
    } finally {
      setMoving(false);
    }
  };

  const changeStatus = async (next: StatusFilter) => {
    setMoving(true);
    try {
      const id = await stepper.first(next);
      if (id === undefined) {
        void feedbackMessage().info(t('corpus.mark.noneInFilter'));
        setItem(itemId, next);
      } else {
        setItem(id, next);
      }
    } catch {
      // The http interceptor has already said what failed.
    } finally {
      setMoving(false);
    }
  };

  return { moving, empty, go, changeStatus };
}
