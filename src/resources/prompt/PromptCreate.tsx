import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useReplacePage } from '../../layout/replace-page';
import { useView } from '../view';
import { PromptEditor } from './PromptEditor';

/**
 * A new platform or personal template (the route's scope); saved, its detail page takes this
 * page's place (history, tab and breadcrumb).
 */
export default function PromptCreate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const replacePage = useReplacePage();
  const { route, pageOf } = useView();
  const listPath = pageOf('list')?.path;
  const detail = pageOf('show');
  return (
    <Card title={t(route.locale)}>
      <PromptEditor
        mode="create"
        scope={route.scope}
        onSaved={(saved) => {
          if (detail) replacePage(route, detail, `${detail.path}?id=${String(saved.id)}`);
          else if (listPath) navigate(listPath);
        }}
        onCancel={listPath ? () => navigate(listPath) : undefined}
      />
    </Card>
  );
}
