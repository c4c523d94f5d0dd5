import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../routes/table';

export type ExceptionStatus = '403' | '404' | '500';

export function ExceptionPage({ status }: { status: ExceptionStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`pages.error.${status}`)}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('pages.error.backHome')}
        </Button>
      }
      data-testid={`exception-${status}`}
    />
  );
}

export default function NotFoundPage() {
  return <ExceptionPage status="404" />;
}
