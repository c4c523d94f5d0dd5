import { DeleteOutlined } from '@ant-design/icons';
import { useDelete, type BaseKey } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ask } from '../Ask';
import { useNavigate } from 'react-router';
import { useView } from '../../resources/view';

/**
 * A detail page's delete: shown only when the role may delete, asks first (naming the record),
 * then goes back to the resource's list.
 */
export function DeleteRecordButton({ id, title }: { id: BaseKey; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { def, pageOf, can } = useView();
  const { mutate: remove } = useDelete();
  if (!can('delete')) return null;
  const listPath = pageOf('list')?.path;
  return (
    <Ask
      title={t('form.deleteConfirm', { title })}
      okText={t('buttons.delete')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() =>
        remove(
          { resource: def.name, id, meta: { prefix: def.prefix }, successNotification: false },
          { onSuccess: () => listPath && navigate(listPath) },
        )
      }
    >
      <Button danger icon={<DeleteOutlined aria-hidden />}>
        {t('buttons.delete')}
      </Button>
    </Ask>
  );
}
