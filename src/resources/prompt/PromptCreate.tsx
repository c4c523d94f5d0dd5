import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useView } from '../view';
import { PromptEditor } from './PromptEditor';

/** A new platform or personal template (the route's scope); saved, it opens its detail page. */
export default function PromptCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { route, pageOf } = useView();
  const listPath = pageOf('list')?.path;
  const detailPath = pageOf('show')?.path;
  return (
    <Card title={t(route.locale)}>
      <PromptEditor
        mode="create"
        scope={route.scope}
        onSaved={(saved) => {
          if (detailPath) navigate(`${detailPath}?id=${String(saved.id)}`, { replace: true });
          else if (listPath) navigate(listPath);
        }}
        onCancel={listPath ? () => navigate(listPath) : undefined}
      />
    </Card>
  );
}
