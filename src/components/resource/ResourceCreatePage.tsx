import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReplacePage } from '../../layout/replace-page';
import { useView } from '../../resources/view';
import { ResourceFormFields } from './ResourceFormFields';
import { useResourceForm } from './use-resource-form';

/** A create form as a page of its own (routes such as /prompt/add-public), in its view's scope. */
export function ResourceCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const replacePage = useReplacePage();
  const { def, route, pageOf } = useView();
  const listPath = pageOf('list')?.path;
  const detail = pageOf('show');
  const { form, fields, initial, secretsSet, submit, saving } = useResourceForm({
    def,
    mode: 'create',
    preset: route.preset,
    scope: route.scope,
    active: true,
    onSaved: (saved) => {
      // The record's page takes the form's place: its tab and crumb lead to what was made.
      if (detail) replacePage(route, detail, `${detail.path}?id=${String(saved.id)}`);
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
