import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, type BaseKey } from '@refinedev/core';
import { Button } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Ask } from '../Ask';
import { isKeyboardFocus, Tip } from '../Tip';
import { useMountOnFirstUse } from './cells';

/**
 * The delete of a list's rows, one per list rather than one per row: refine's useDelete is a
 * dozen hooks, and one per row made opening a list measurably slower.
 */
export function useRowDelete(): (resource: string, id: BaseKey) => void {
  const { mutate } = useDelete();
  return useCallback(
    (resource, id) => mutate({ resource, id, successNotification: false }),
    [mutate],
  );
}

/**
 * A list row's delete: an icon button that asks first, naming the record. The caller decides
 * whether the role may delete, and passes its list's `useRowDelete()`.
 */
export function DeleteRowButton(props: {
  resource: string;
  id: BaseKey;
  title: string;
  remove: (resource: string, id: BaseKey) => void;
}) {
  const { t } = useTranslation();
  const label = t('buttons.delete');
  // Tooltip and confirmation mount on first use (hover / focus, click): a page of rows each
  // holding both paid their hooks and styles on every render.
  const ref = useRef<HTMLButtonElement>(null);
  const tip = useMountOnFirstUse(ref);
  const confirm = useMountOnFirstUse(ref);
  const button = (
    <Button
      ref={ref}
      size="small"
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={label}
      onPointerEnter={tip.armed ? undefined : (e) => tip.arm(e.currentTarget)}
      onFocus={
        tip.armed
          ? undefined
          : (e) => {
              if (isKeyboardFocus(e.currentTarget)) tip.arm(e.currentTarget);
            }
      }
      onClick={confirm.armed ? undefined : (e) => confirm.arm(e.currentTarget)}
    />
  );
  // The confirmation opens with its first mounting; while it is open the tip stays hidden (`Ask`).
  const named = tip.armed ? (
    <Tip title={label} initiallyOpen={!confirm.armed}>
      {button}
    </Tip>
  ) : (
    button
  );
  if (!confirm.armed) return named;
  return (
    <Ask
      initiallyOpen
      title={t('form.deleteConfirm', { title: props.title })}
      okText={label}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => props.remove(props.resource, props.id)}
    >
      {named}
    </Ask>
  );
}
