import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, type BaseKey } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A list row's delete: an icon button that asks first, naming the record. The caller decides
 * whether the role may delete; the list refreshes through refine's invalidation.
 */
export function DeleteRowButton(props: { resource: string; id: BaseKey; title: string }) {
  const { t } = useTranslation();
  const { mutate: remove } = useDelete();
  return (
    <Popconfirm
      title={t('form.deleteConfirm', { title: props.title })}
      okText={t('buttons.delete')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        remove({ resource: props.resource, id: props.id, successNotification: false })
      }
    >
      <Button
        size="small"
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('buttons.delete')}
      />
    </Popconfirm>
  );
}
