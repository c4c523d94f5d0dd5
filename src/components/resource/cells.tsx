import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type FocusEventHandler,
  type PointerEventHandler,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { isKeyboardFocus, Tip } from '../Tip';
import './cells.css';

/** An element a cell can mount again with pointer and focus handlers and a ref. */
type Tippable = ReactElement<{
  onPointerEnter?: PointerEventHandler<HTMLElement>;
  onFocus?: FocusEventHandler<HTMLElement>;
  ref?: Ref<HTMLElement>;
}>;

/**
 * A tooltip mounted on the first hover or keyboard focus: every mounted antd Tooltip costs its
 * hooks and styles on each render, and a list has one per cell or row button. `when` decides
 * then whether there is anything to show; the child keeps the focus it had.
 * A mouse press's focus does not arm it: swapping between down and up would lose the click.
 */
export function HoverTip({
  title,
  when,
  children,
}: {
  title: ReactNode;
  when?: (el: HTMLElement) => boolean;
  children: Tippable;
}) {
  const { armed, arm, ref } = useMountOnFirstUse<HTMLElement>();
  if (armed) {
    return (
      <Tip title={title} initiallyOpen>
        {cloneElement(children, { ref })}
      </Tip>
    );
  }
  const firstUse = (el: HTMLElement) => {
    if (!when || when(el)) arm(el);
  };
  return cloneElement(children, {
    onPointerEnter: (e) => firstUse(e.currentTarget),
    onFocus: (e) => {
      if (isKeyboardFocus(e.currentTarget)) firstUse(e.currentTarget);
    },
  });
}

/**
 * For an element that a first use mounts again inside a heavier wrapper (a tooltip, a
 * confirmation): `arm(el)` on that use; `armed` then says to render the wrapper, and the element
 * rendered with `ref` gets back the focus `el` had. An element with two such wrappers passes
 * both hooks its one `shared` ref.
 */
export function useMountOnFirstUse<E extends HTMLElement>(shared?: RefObject<E | null>) {
  const [armed, setArmed] = useState<'used' | 'focused' | false>(false);
  const own = useRef<E>(null);
  const ref = shared ?? own;
  useEffect(() => {
    if (armed === 'focused') ref.current?.focus();
  }, [armed, ref]);
  // The swap is rendered inside the event that arms it, before a press that may follow: rendered
  // later (React's default for a pointer-enter), it could land between the press's down and up,
  // and a click whose down and up hit different elements is no click. A quick tap, or any click
  // on a busy machine, was lost that way (the e2e flake of CI on 9eca014).
  const arm = (el: Element) =>
    flushSync(() => setArmed(el === document.activeElement ? 'focused' : 'used'));
  return { armed: armed !== false, arm, ref };
}

/** The element's text runs past what it shows. */
const isCut = (el: HTMLElement) => el.scrollHeight > el.clientHeight + 1;

/**
 * Text cut to two lines by CSS, its whole text in a tooltip when hovered while cut. antd's
 * Typography ellipsis measured every cell on mount (a forced layout each) and mounted a tooltip
 * per cell.
 */
export function ClampedText({ text }: { text: string }) {
  return (
    <HoverTip title={text} when={isCut}>
      <div className="clamped-text">{text}</div>
    </HoverTip>
  );
}

/** A cell's placeholder for no value, in the secondary text colour of either theme. */
export function EmptyCell() {
  return <span className="secondary-text">-</span>;
}

/**
 * Secondary text in a cell (a scene's code beside its name, a template gone): a span, not
 * antd's Typography, which registers its styles and observes its size per instance.
 */
export function SecondaryText({
  children,
  code,
  title,
}: {
  children: ReactNode;
  code?: boolean;
  title?: string;
}) {
  return (
    <span className={code ? 'secondary-text cell-code' : 'secondary-text'} title={title}>
      {children}
    </span>
  );
}

/** Items of a cell side by side, wrapping, with a small gap (antd's Space, without its hooks). */
export function InlineGroup({ children }: { children: ReactNode }) {
  return <span className="inline-group">{children}</span>;
}
