import { Popconfirm, type PopconfirmProps } from 'antd';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Asking } from './asking';

/** The question's popup, from an element inside it (antd renders it at the end of the page). */
const popupOf = (inside: HTMLElement | null) => inside?.closest('.ant-popconfirm') ?? null;

/** Its first button, Cancel. */
const firstButtonOf = (popup: Element | null) =>
  popup?.querySelector<HTMLElement>('.ant-popconfirm-buttons button') ?? null;

/** What the question's button can be. */
const FOCUSABLE = 'button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/** Frames to wait for the question's buttons to be shown. */
const FOCUS_FRAMES = 30;

/** Room a question takes above its button: a line or two of question, its buttons, its arrow. */
const QUESTION_ROOM = 140;

/**
 * Above its button, as antd places it, unless it would cover the sticky navbar there (a detail
 * page's Publish or Delete): then below. antd's own flip only looks at the window's edge. In the
 * window's right half (a row's actions, a header's buttons) it lines up with the button's right
 * edge: centred there, it ran into the window's edge.
 */
export function questionPlacement(
  opener: Element | null,
): 'top' | 'topRight' | 'bottom' | 'bottomRight' {
  if (!opener) return 'top';
  const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
  const box = opener.getBoundingClientRect();
  const side = box.left + box.width / 2 > window.innerWidth / 2 ? 'Right' : '';
  return `${box.top - QUESTION_ROOM < navbar ? 'bottom' : 'top'}${side}`;
}

/** Chromium's and Firefox's option, not yet in TypeScript's DOM types. */
type FocusVisibleOptions = FocusOptions & { focusVisible?: boolean };

/**
 * antd's Popconfirm, answerable from the keyboard: antd leaves the focus on the opener, so Enter
 * never reached the question. Here the question takes the focus at once (on Cancel, so Enter
 * twice does not confirm), Escape closes it, and the focus returns to the opener.
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
  const [placement, setPlacement] = useState<ReturnType<typeof questionPlacement>>('top');
  const question = useRef<HTMLSpanElement>(null);
  const wrapper = useRef<HTMLSpanElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const answeredByPointer = useRef(false);
  const change = (next: boolean) => {
    if (next) setPlacement(questionPlacement(wrapper.current));
    setOpen(next);
    onOpenChange?.(next);
  };
  /** The focus to the question's Cancel, remembering who had it; true once it is there. */
  const focusQuestion = useCallback(() => {
    const popup = popupOf(question.current);
    const now = document.activeElement;
    if (now && popup?.contains(now)) return true;
    // The button that opened it, or the one a first use mounted in its place (a row's delete).
    if (now instanceof HTMLElement && now !== document.body) opener.current = now;
    const button = firstButtonOf(popup);
    button?.focus({ preventScroll: true });
    return !!button && document.activeElement === button;
  }, []);
  const giveFocusBack = useCallback(() => {
    const active = document.activeElement;
    if (!active || !popupOf(question.current)?.contains(active)) return;
    // Whoever had the focus when it opened, or else the question's own button: when the opener
    // was mounted again as it opened (a row's delete), the focus may have been on the page's body.
    const back = opener.current?.isConnected
      ? opener.current
      : wrapper.current?.querySelector<HTMLElement>(FOCUSABLE);
    back?.focus({ focusVisible: !answeredByPointer.current } as FocusVisibleOptions);
  }, []);
  useLayoutEffect(() => {
    if (initiallyOpen) setPlacement(questionPlacement(wrapper.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- where it was mounted open; a later opening is placed by change()
  }, []);
  useLayoutEffect(() => {
    if (!open) {
      // Back to the opener at once, not when the closing animation ends (keys meanwhile went to
      // the leaving question).
      giveFocusBack();
      return;
    }
    opener.current = null;
    // The popup is mounted, then shown, a render or two after this one (the first time its
    // content too). Opened by a click or a key, those renders come before the event's task ends,
    // so a microtask finds the button before the next key; otherwise each frame tries again.
    let frames = FOCUS_FRAMES;
    let done = false;
    const tryFocus = () => {
      if (!done && !focusQuestion() && --frames > 0) requestAnimationFrame(tryFocus);
    };
    queueMicrotask(tryFocus);
    return () => {
      done = true;
    };
  }, [open, focusQuestion, giveFocusBack]);
  // antd's own end of the animations: where the early tries above did not get there.
  const afterOpenChange = (opened: boolean) => (opened ? focusQuestion() : giveFocusBack());
  return (
    // A key pressed in the question bubbles here through React's tree (the popup is a portal).
    <span
      ref={wrapper}
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
          placement={placement}
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
