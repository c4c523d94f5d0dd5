import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../routes/table';

export type ExceptionStatus = '403' | '404' | '500';

export function ExceptionPage({ status }: { status: ExceptionStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // antd's Result drops unknown props, so the test id sits on a wrapper.
  return (
    <div data-testid={`exception-${status}`}>
      <Result
        status={status}
        title={status}
        subTitle={t(`pages.error.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('pages.error.backHome')}
          </Button>
        }
      />
    </div>
  );
}

export default function NotFoundPage() {
  return <ExceptionPage status="404" />;
}
