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

/**
 * Props for an antd Modal holding a form: once it has opened, its first field has the focus,
 * so a keyboard user types at once (antd focuses the dialog itself, which takes a Tab or more
 * to leave). Spread on the Modal: `<Modal {...useFocusFirstField()} …>`.
 */
export function useFocusFirstField() {
  const root = useRef<HTMLDivElement>(null);
  const afterOpenChange = useCallback((opened: boolean) => {
    if (opened) focusFirstField(root.current);
  }, []);
  const modalRender = useCallback((node: ReactNode) => <div ref={root}>{node}</div>, []);
  return { afterOpenChange, modalRender };
}
