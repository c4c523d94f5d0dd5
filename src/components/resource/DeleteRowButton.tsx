import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, type BaseKey } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useMountOnFirstUse } from './cells';

/**
 * The delete of a list's rows, one per list rather than one per row: refine's useDelete is a
 * dozen hooks, and a page of rows each holding its own made opening a list measurably slower
 * (issue 12). The list refreshes through refine's invalidation.
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
  // The confirmation is mounted by the first click, open: a page of rows each holding a
  // Popconfirm paid its hooks and styles on every render (issue 12). The button is mounted
  // again inside it and keeps the focus a keyboard press gave it.
  const { armed, arm, ref } = useMountOnFirstUse<HTMLButtonElement>();
  const button = (
    <Button
      ref={ref}
      size="small"
      type="text"
      danger
      icon={<DeleteOutlined />}
      aria-label={t('buttons.delete')}
      onClick={armed ? undefined : (e) => arm(e.currentTarget)}
    />
  );
  if (!armed) return button;
  return (
    <Popconfirm
      defaultOpen
      title={t('form.deleteConfirm', { title: props.title })}
      okText={t('buttons.delete')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => props.remove(props.resource, props.id)}
    >
      {button}
    </Popconfirm>
  );
}
