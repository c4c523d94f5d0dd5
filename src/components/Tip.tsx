import { Tooltip, type TooltipProps } from 'antd';
import type { TooltipRef } from 'antd/es/tooltip';
import {
  cloneElement,
  useContext,
  useState,
  type FocusEvent,
  type FocusEventHandler,
  type KeyboardEvent,
  type KeyboardEventHandler,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { Asking } from './asking';

/** An element that takes the focus and says so through its handlers (antd's Button does). */
export type Focusable = ReactElement<{
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
}>;

/** A focus the browser marks as one to show: a keyboard's, not a mouse press's. */
export const isKeyboardFocus = (el: Element) => el.matches(':focus-visible');

/**
 * antd's Tooltip for an icon-only control, shown on hover and on a keyboard's focus, so sighted
 * keyboard users read the name `aria-label` gives screen readers (antd's `focus` trigger also
 * fired on a mouse press and stayed until blur). Inside an open `Ask` it shows nothing.
 */
export function Tip({
  title,
  initiallyOpen = false,
  children,
  onKeyDown,
  ...rest
}: Omit<TooltipProps, 'title' | 'open' | 'onOpenChange' | 'children'> & {
  title: ReactNode;
  /** Open at mount: a tooltip mounted by the hover or focus it answers (HoverTip). */
  initiallyOpen?: boolean;
  children: Focusable;
  ref?: Ref<TooltipRef>;
  /** A Popover's or Popconfirm's Escape: antd's Tooltip passes no key handler to its child. */
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const own = children.props;
  const asking = useContext(Asking);
  // A name withheld during a question stays hidden after it: shown again by a new hover or a
  // keyboard's focus, not by a state left open meanwhile (it showed under the pointer that had
  // just answered the question).
  const [askedBefore, setAskedBefore] = useState(asking);
  if (askedBefore !== asking) {
    setAskedBefore(asking);
    if (!asking) setOpen(false);
  }
  // Controlled, antd's Tooltip would show an empty bubble for no title (a name withheld).
  const named = !asking && (!!title || title === 0);
  return (
    <Tooltip {...rest} title={title} open={open && named} onOpenChange={setOpen}>
      {cloneElement(children, {
        onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
          own.onKeyDown?.(e);
          onKeyDown?.(e);
        },
        onFocus: (e: FocusEvent<HTMLElement>) => {
          own.onFocus?.(e);
          if (isKeyboardFocus(e.currentTarget)) setOpen(true);
        },
        onBlur: (e: FocusEvent<HTMLElement>) => {
          own.onBlur?.(e);
          setOpen(false);
        },
      })}
    </Tooltip>
  );
}
