import { Popconfirm, type PopconfirmProps } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { Asking } from './asking';

/** Chromium's and Firefox's option, not yet in TypeScript's DOM types. */
type FocusVisibleOptions = FocusOptions & { focusVisible?: boolean };

/**
 * antd's Popconfirm, answerable from the keyboard. antd leaves the focus on the button that
 * opened the question and renders the question at the end of the page, so Enter opened it and
 * nothing reached its buttons. Here the question takes the focus once it has opened (on its
 * first button, Cancel: Enter twice does not confirm), Escape in it closes it, and the focus goes
 * back to the button that opened it, shown as a keyboard's focus only when the keyboard
 * answered (a mouse's Cancel leaves no tooltip behind). A click elsewhere keeps its own focus.
 * While it is open, a `Tip` on its button withholds its name (`Asking`).
 */
export function Ask({
  title,
  initiallyOpen = false,
  onOpenChange,
  children,
  ...rest
}: Omit<PopconfirmProps, 'title' | 'open' | 'defaultOpen' | 'afterOpenChange'> & {
  title: ReactNode;
  /** Open at mount: a question mounted by the click it answers (a list row's delete). */
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const question = useRef<HTMLSpanElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const answeredByPointer = useRef(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const afterOpenChange = (opened: boolean) => {
    const popup = question.current?.closest('.ant-popconfirm');
    const active = document.activeElement;
    if (opened) {
      opener.current = active instanceof HTMLElement && !popup?.contains(active) ? active : null;
      popup?.querySelector<HTMLElement>('.ant-popconfirm-buttons button')?.focus();
    } else if (active && popup?.contains(active)) {
      opener.current?.focus({ focusVisible: !answeredByPointer.current } as FocusVisibleOptions);
    }
  };
  return (
    // A key pressed in the question bubbles here through React's tree (the popup is a portal).
    <span
      className="ask"
      onPointerDown={() => (answeredByPointer.current = true)}
      onKeyDown={(e) => {
        answeredByPointer.current = false;
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        change(false);
      }}
    >
      <Asking.Provider value={open}>
        <Popconfirm
          {...rest}
          title={<span ref={question}>{title}</span>}
          open={open}
          onOpenChange={change}
          afterOpenChange={afterOpenChange}
        >
          {children}
        </Popconfirm>
      </Asking.Provider>
    </span>
  );
}
