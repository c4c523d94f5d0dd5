import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useView } from '../../resources/view';
import { ResourceFormFields } from './ResourceFormFields';
import { useResourceForm } from './use-resource-form';

/** A create form as a page of its own (routes such as /prompt/add-public), in its view's scope. */
export function ResourceCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { def, route, pageOf } = useView();
  const listPath = pageOf('list')?.path;
  const detailPath = pageOf('show')?.path;
  const { form, fields, initial, secretsSet, submit, saving } = useResourceForm({
    def,
    mode: 'create',
    preset: route.preset,
    scope: route.scope,
    active: true,
    onSaved: (saved) => {
      if (detailPath) navigate(`${detailPath}?id=${String(saved.id)}`, { replace: true });
      else if (listPath) navigate(listPath);
    },
  });
  return (
    <Card title={t(route.locale)} className="resource-create">
      <div className="resource-create__form">
        <ResourceFormFields
          def={def}
          form={form}
          fields={fields}
          initial={initial}
          secretsSet={secretsSet}
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
