import { Tooltip } from 'antd';
import {
  cloneElement,
  useEffect,
  useRef,
  useState,
  type PointerEventHandler,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import './cells.css';

/**
 * Text cut to two lines by CSS, with its whole text in a tooltip once hovered while cut. A list
 * renders one per text cell: antd's Typography ellipsis measured every cell on mount (a forced
 * layout each) and mounted a tooltip per cell, a fifth of a corpus list's render (issue 12,
 * docs/PERFORMANCE.md "Browser: click to rows"). The tooltip is mounted on the first hover that
 * finds the text cut; the text is not focusable, so nothing is lost by mounting it then.
 */
export function ClampedText({ text }: { text: string }) {
  const [cut, setCut] = useState(false);
  const clamped = (
    <div
      className="clamped-text"
      onPointerEnter={
        cut
          ? undefined
          : (e) => {
              const el = e.currentTarget;
              if (el.scrollHeight > el.clientHeight + 1) setCut(true);
            }
      }
    >
      {text}
    </div>
  );
  return cut ? (
    <Tooltip title={text} defaultOpen>
      {clamped}
    </Tooltip>
  ) : (
    clamped
  );
}

/**
 * A tooltip mounted on the first hover: a list's cells carry one per label (a plugin's code, a
 * reference's id), and each mounted antd Tooltip costs its hooks and style registration on every
 * render of the page. Only for content that cannot take focus (a tag, a label): the child is
 * mounted again inside the tooltip, which would drop focus.
 */
export function HoverTip({
  title,
  children,
}: {
  title: ReactNode;
  children: ReactElement<{ onPointerEnter?: PointerEventHandler }>;
}) {
  const [armed, setArmed] = useState(false);
  if (armed) {
    return (
      <Tooltip title={title} defaultOpen>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, { onPointerEnter: () => setArmed(true) });
}

/**
 * A row button's tooltip, mounted on the first hover (antd's shows on hover only, as before).
 * The button is mounted again inside it; when it had the focus, it gets it back.
 */
export function ButtonTip({
  title,
  children,
}: {
  title: ReactNode;
  children: ReactElement<{
    onPointerEnter?: PointerEventHandler<HTMLElement>;
    ref?: Ref<HTMLElement>;
  }>;
}) {
  const [armed, setArmed] = useState<'hover' | 'focused' | false>(false);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (armed === 'focused') ref.current?.focus();
  }, [armed]);
  if (armed) {
    return (
      <Tooltip title={title} defaultOpen>
        {cloneElement(children, { ref })}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onPointerEnter: (e) =>
      setArmed(e.currentTarget === document.activeElement ? 'focused' : 'hover'),
  });
}

/** A cell's placeholder for no value, in the secondary text colour of either theme. */
export function EmptyCell() {
  return <span className="empty-cell">-</span>;
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
