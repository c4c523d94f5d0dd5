import { useHotkeys, type Options } from 'react-hotkeys-hook';
import { ITEM_LABELS } from '../../../../contract/resources/corpus-item';
import { isTypingTarget, type Direction } from '../navigation';
import type { Draft } from './draft';

interface Keys {
  /** An item's draft is on screen (keys do nothing before). */
  ready: boolean;
  helpOpen: boolean;
  setHelpOpen(open: boolean): void;
  go(dir: Direction): Promise<boolean>;
  change(patch: Partial<Draft>): void;
  save(): void;
}

/**
 * The page's keys (listed in SHORTCUTS): none while the help is open, and all but Ctrl+Enter stay
 * quiet while typing, so digits and arrows in a text box are text.
 */
export function useMarkKeys({ ready: hasDraft, helpOpen, setHelpOpen, go, change, save }: Keys) {
  const ready = !helpOpen && hasDraft;
  const quietWhileTyping: Options = {
    enabled: ready,
    enableOnFormTags: true,
    ignoreEventWhen: (e) => isTypingTarget(e.target),
    preventDefault: true,
  };
  useHotkeys('left', () => void go('prev'), quietWhileTyping);
  useHotkeys('right', () => void go('next'), quietWhileTyping);
  useHotkeys(
    '1,2,3',
    (_, hotkey) => {
      const label = ITEM_LABELS[Number(hotkey.keys?.[0]) - 1];
      if (label) change({ label });
    },
    quietWhileTyping,
  );
  useHotkeys('ctrl+enter,meta+enter', save, {
    enabled: ready,
    enableOnFormTags: true,
    preventDefault: true,
  });
  // `?` by the character typed, whatever the layout puts it on (Shift+/ on most).
  useHotkeys('?', () => setHelpOpen(true), {
    ...quietWhileTyping,
    useKey: true,
    ignoreModifiers: true,
  });
  useHotkeys('esc', () => setHelpOpen(false), { enabled: helpOpen, enableOnFormTags: true });
}
