import { DeleteRecordButton } from './DeleteRecordButton';
import { useDetailRecord } from './use-detail-record';
import { EditOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { Button, Card, Descriptions, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { allFields } from '../../../contract/resource';
import { useView } from '../../resources/view';
import { fieldLabel, renderValue, type FieldRenderers } from './field-format';
import { ResourceFormModal } from './ResourceFormModal';
import './resource.css';

export interface ResourceShowPageProps {
  /** Per-field value renderers replacing the generic one. */
  renderers?: FieldRenderers;
  /** Extra actions a resource adds (e.g. the scene's template unbind). */
  extraActions?: (record: BaseRecord, refetch: () => void) => ReactNode;
}

/**
 * The generic detail page; the record id comes from the query string (?id=), the resource and
 * its list page from the view context.
 */
export function ResourceShowPage({ renderers, extraActions }: ResourceShowPageProps) {
  const { def, route, can } = useView();
  const titleOf = route.locale;
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const canEdit = can('edit');
  const { record: result, query, placeholder } = useDetailRecord<BaseRecord>();

  if (placeholder || !result) return placeholder;
  const record = result;
  const title = String(record[def.titleField ?? 'id'] ?? record.id);

  return (
    <Card
      title={`${t(titleOf)} · ${title}`}
      extra={
        <Space>
          {extraActions?.(record, () => void query.refetch())}
          {canEdit && (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              {t('buttons.edit')}
            </Button>
          )}
          <DeleteRecordButton id={record.id!} title={title} />
        </Space>
      }
    >
      <Descriptions bordered column={{ xs: 1, md: 2 }} size="middle">
        {allFields(def)
          .filter((f) => f.name !== def.softDelete)
          .map((f) => (
            <Descriptions.Item key={f.name} label={fieldLabel(t, def, f.name)}>
              {renderers?.[f.name]?.(record[f.name]) ?? renderValue(t, def, f, record[f.name])}
            </Descriptions.Item>
          ))}
      </Descriptions>
      <ResourceFormModal
        def={def}
        mode="edit"
        record={record}
        open={editing}
        onClose={() => setEditing(false)}
      />
    </Card>
  );
}
