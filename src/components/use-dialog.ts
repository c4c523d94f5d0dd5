import { useCallback, useState } from 'react';

/**
 * What a page's dialog shows, kept while it closes. A dialog mounted only while its state is
 * set (`{state && <Modal open …/>}`) is gone the moment it closes: no closing animation, and
 * antd never gives the focus back to the button that opened it, so a keyboard user was left on
 * the page's body. Render the dialog while `state` is set, with `open`, `afterClose` and `key`
 * (a dialog opened again while the last one closes is a new one, with the new state's fields).
 */
export function useDialog<T>() {
  const [state, setState] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  const show = useCallback((next: T) => {
    setState(next);
    setOpen(true);
    setKey((k) => k + 1);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const afterClose = useCallback(() => setState(null), []);
  return { state, open, key, show, close, afterClose };
}
