import { HolderOutlined } from '@ant-design/icons';
import type { DraggableAttributes, DraggableSyntheticListeners, Modifier } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, theme } from 'antd';
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes } from 'react';

/** What a row lends its drag handle: the handle, not the whole row, starts a drag. */
interface RowDrag {
  setActivatorNodeRef?: (element: HTMLElement | null) => void;
  listeners?: DraggableSyntheticListeners;
  attributes?: DraggableAttributes;
}

const RowDragContext = createContext<RowDrag>({});

/** Rows only move up and down. */
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

type RowProps = HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string | number };

function SortableRow({ rowKey, ...props }: RowProps & { rowKey: string | number }) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: rowKey });
  const { token } = theme.useToken();
  // The row follows the pointer above the others, opaque in either theme.
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging
      ? {
          position: 'relative',
          zIndex: 10,
          background: token.colorBgElevated,
          boxShadow: token.boxShadowSecondary,
        }
      : {}),
  };
  const drag = useMemo(
    () => ({ setActivatorNodeRef, listeners, attributes }),
    [setActivatorNodeRef, listeners, attributes],
  );
  return (
    <RowDragContext.Provider value={drag}>
      <tr
        {...props}
        data-row-key={rowKey}
        data-dragging={isDragging || undefined}
        ref={setNodeRef}
        style={style}
      />
    </RowDragContext.Provider>
  );
}

/**
 * The table body row (antd `components.body.row`), sortable by its record key as in antd's
 * "drag sorting with handle" example. Rows without a key (the empty placeholder) stay plain.
 */
export function DraggableRow(props: RowProps) {
  const key = props['data-row-key'];
  if (key === undefined) return <tr {...props} />;
  return <SortableRow {...props} rowKey={key} />;
}

/**
 * The handle of the row it sits in: pointer drag, or keyboard (focus, Space to pick up, arrows
 * to move, Space to drop, Escape to cancel) through dnd-kit's sensors.
 */
export function DragHandle({ label, disabled }: { label: string; disabled: boolean }) {
  const { setActivatorNodeRef, listeners, attributes } = useContext(RowDragContext);
  return (
    <Button
      type="text"
      size="small"
      className="directive-list__handle"
      icon={<HolderOutlined />}
      disabled={disabled}
      ref={setActivatorNodeRef}
      {...(disabled ? {} : attributes)}
      {...(disabled ? {} : listeners)}
      // After dnd-kit's attributes: antd's Button already is a button with this name.
      role="button"
      aria-label={label}
    />
  );
}
