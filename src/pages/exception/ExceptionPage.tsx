import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../routes/table';

export const EXCEPTION_STATUSES = ['403', '404', '500'] as const;
export type ExceptionStatus = (typeof EXCEPTION_STATUSES)[number];

/** The exception pages' own addresses: `/exception/403`, `/exception/404`, `/exception/500`. */
export function exceptionPath(status: ExceptionStatus): string {
  return `/exception/${status}`;
}

/** The status an address shows (a trailing slash allowed), or null when it is none of them. */
export function exceptionStatusOf(path: string): ExceptionStatus | null {
  const status = /^\/exception\/(\d{3})\/*$/.exec(path)?.[1];
  return EXCEPTION_STATUSES.find((s) => s === status) ?? null;
}

/**
 * 403, 404 or 500, in context (a page the role may not see, an unknown address, a page whose
 * code failed) or at its own address. Always a way home; back too when the console led here.
 */
export function ExceptionPage({ status }: { status: ExceptionStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The router names the first page a tab loaded 'default': behind an address typed, a link
  // from elsewhere or a new window there is no page of the console to go back to.
  const canGoBack = useLocation().key !== 'default';
  // antd's Result drops unknown props, so the test id sits on a wrapper.
  return (
    <div data-testid={`exception-${status}`}>
      <Result
        status={status}
        title={status}
        subTitle={t(`pages.error.${status}`)}
        extra={
          <Space wrap>
            {canGoBack && (
              <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(-1)}>
                {t('pages.error.back')}
              </Button>
            )}
            <Button
              type="primary"
              icon={<HomeOutlined aria-hidden />}
              onClick={() => navigate(HOME_PATH)}
            >
              {t('pages.error.backHome')}
            </Button>
          </Space>
        }
      />
    </div>
  );
}

export default function NotFoundPage() {
  return <ExceptionPage status="404" />;
}
