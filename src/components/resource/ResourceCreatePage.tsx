import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ResourceDef } from '../../../contract/resource';
import { ResourceFormFields } from './ResourceFormFields';
import { useResourceForm } from './use-resource-form';

export interface ResourceCreatePageProps {
  def: ResourceDef;
  preset?: Readonly<Record<string, string | number>>;
  listPath?: string;
  detailPath?: string;
}

/** A create form as a page of its own (routes such as /prompt/add-public). */
export function ResourceCreatePage({ def, preset, listPath, detailPath }: ResourceCreatePageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, fields, initial, submit, saving } = useResourceForm({
    def,
    mode: 'create',
    preset,
    active: true,
    onSaved: (saved) => {
      if (detailPath) navigate(`${detailPath}?id=${String(saved.id)}`, { replace: true });
      else if (listPath) navigate(listPath);
    },
  });
  return (
    <Card title={t(`${def.name}.titles.create`)} className="resource-create">
      <div className="resource-create__form">
        <ResourceFormFields
          def={def}
          form={form}
          fields={fields}
          initial={initial}
          name={`${def.name}-create-page`}
          onSubmit={() => void submit().catch(() => undefined)}
        />
        <Space>
          <Button
            type="primary"
            loading={saving}
            onClick={() => void submit().catch(() => undefined)}
          >
            {t('buttons.save')}
          </Button>
          {listPath && <Button onClick={() => navigate(listPath)}>{t('buttons.cancel')}</Button>}
        </Space>
      </div>
    </Card>
  );
}
