import { useCallback, useRef, type ReactNode } from 'react';

/** A field a keyboard user types into first: visible, enabled, and not a hidden carrier. */
const FIELD = 'input:not([type=hidden]):not([hidden]):not(:disabled), textarea:not(:disabled)';

/**
 * Gives the first field inside `root` the focus, unless the user has put it in a field
 * already (a click or Tab during the opening animation). False when there was nothing to focus.
 */
export function focusFirstField(root: HTMLElement | null): boolean {
  if (!root) return false;
  const active = document.activeElement;
  if (active instanceof HTMLElement && root.contains(active) && active.matches(FIELD)) return true;
  const field = [...root.querySelectorAll<HTMLElement>(FIELD)].find(
    (el) => !el.closest('[hidden]'),
  );
  field?.focus();
  return !!field;
}

/** Frames to wait for a dialog's first field to take the focus (its wrapper shows a render later). */
const FIRST_FIELD_FRAMES = 30;

/** antd's outermost element of a dialog: the one it hides with `display: none` once closed. */
const DIALOG_WRAP = '.ant-modal-wrap';

/**
 * `el` when it sits in a dialog shown on top of the one holding `root` (opened after it, so its
 * portal comes later in the document); else null.
 */
function inDialogAbove(root: HTMLElement | null, el: HTMLElement | null): HTMLElement | null {
  const own = root?.closest(DIALOG_WRAP);
  const other = el?.isConnected ? el.closest<HTMLElement>(DIALOG_WRAP) : null;
  if (!own || !other || other === own || own.contains(other)) return null;
  const later = own.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING;
  return later && getComputedStyle(other).display !== 'none' ? el : null;
}

/**
 * Props for an antd Modal holding a form: its first field has the focus as soon as the dialog
 * is on screen, so a keyboard user types at once, and Escape closes it from the first key (antd
 * focuses the dialog itself, and only once its opening animation has ended: keys pressed before
 * went to the button that opened it). Spread on the Modal: `<Modal {...useFocusFirstField()} …>`.
 */
export function useFocusFirstField() {
  const root = useRef<HTMLDivElement | null>(null);
  // Who had the focus when the dialog's content was first mounted: antd gives it back on close
  // only if it saw it first, which a field focused this early can get ahead of.
  const opener = useRef<HTMLElement | null>(null);
  // Where the focus last went outside this dialog while it was opening. Typed and escaped at
  // once, a question ("discard changes?") opens on top before the opening animation ends; at
  // its end antd focuses this dialog's frame (the focus is not inside it) and the question
  // lost its focus to the dialog under it: Enter then answered nothing (CI, under load).
  const outside = useRef<HTMLElement | null>(null);
  const unwatch = useRef<(() => void) | null>(null);
  const stopWatching = useCallback(() => {
    unwatch.current?.();
    unwatch.current = null;
    outside.current = null;
  }, []);
  const attach = useCallback(
    (node: HTMLDivElement | null) => {
      root.current = node;
      stopWatching();
      if (!node) return;
      const active = document.activeElement;
      opener.current =
        active instanceof HTMLElement && active !== document.body && !node.contains(active)
          ? active
          : null;
      const watch = (e: FocusEvent) => {
        const to = e.target;
        if (to instanceof HTMLElement && !node.closest(DIALOG_WRAP)?.contains(to)) {
          outside.current = to;
        }
      };
      document.addEventListener('focusin', watch, true);
      unwatch.current = () => document.removeEventListener('focusin', watch, true);
      // The dialog's wrapper is display: none until the render after this one. Opened by a click
      // or a key, React renders that one before the event's task ends: a microtask finds it
      // shown, before the next key is handled. Otherwise (a dialog opened later) each frame tries
      // again.
      let frames = FIRST_FIELD_FRAMES;
      const tryFocus = () => {
        if (!node.isConnected || node.contains(document.activeElement)) return;
        if (inDialogAbove(node, outside.current)) return;
        focusFirstField(node);
        if (!node.contains(document.activeElement) && --frames > 0) requestAnimationFrame(tryFocus);
      };
      queueMicrotask(tryFocus);
    },
    [stopWatching],
  );
  const afterOpenChange = useCallback(
    (opened: boolean) => {
      if (opened) {
        const above = inDialogAbove(root.current, outside.current);
        stopWatching();
        if (above) above.focus({ preventScroll: true });
        else focusFirstField(root.current);
        return;
      }
      stopWatching();
      const active = document.activeElement;
      if ((!active || active === document.body) && opener.current?.isConnected) {
        opener.current.focus({ preventScroll: true });
      }
      opener.current = null;
    },
    [stopWatching],
  );
  const modalRender = useCallback((node: ReactNode) => <div ref={attach}>{node}</div>, [attach]);
  return { afterOpenChange, modalRender };
}
