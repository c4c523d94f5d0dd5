import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LocaleSwitch } from '../../components/locale-switch/LocaleSwitch';
import { authActions } from '../../providers/api';
import { feedbackMessage } from '../../providers/feedback';
import { afterLoginTarget } from './login-redirect';
import { validateLogin, type LoginErrors, type LoginValues } from './validate';
import './login.css';

/*
 * A plain form rather than antd's Form: Form, with its field store, validator, grid and
 * tooltip, would add ~45 kB to the page every user downloads first (budget: 250 kB).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<LoginValues>({ userName: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);

  const set = (key: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    setFailed(false);
    try {
      await authActions.login({ userName: values.userName.trim(), password: values.password });
      void feedbackMessage().success(t('login.success'));
      navigate(afterLoginTarget(location.search), { replace: true });
    } catch {
      setFailed(true);
    } finally {
      setSubmitting(false);
    }
  };

  const field = (
    key: keyof LoginValues,
    label: string,
    input: (props: {
      id: string;
      status?: 'error';
      'aria-invalid': boolean;
      'aria-describedby'?: string;
    }) => React.ReactNode,
  ) => {
    const error = errors[key];
    const id = `login_${key}`;
    return (
      <div className="login-field">
        <label htmlFor={id} className="login-field__label">
          {label}
        </label>
        {input({
          id,
          status: error ? 'error' : undefined,
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? `${id}_error` : undefined,
        })}
        <div id={`${id}_error`} className="login-field__error" role={error ? 'alert' : undefined}>
          {error ? t(error) : null}
        </div>
      </div>
    );
  };

  return (
    <div className="login-page">
      <div className="login-page__locale">
        <LocaleSwitch />
      </div>
      <main className="login-page__panel">
        <div className="login-page__brand">
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>{t('app.title')}</span>
        </div>
        <h1 className="login-page__title">{t('login.title')}</h1>
        <p className="login-page__subtitle">{t('login.subtitle')}</p>
        {failed && (
          <div className="login-page__error" role="alert" data-testid="login-error">
            {t('login.error')}
          </div>
        )}
        <form id="login" noValidate onSubmit={(e) => void onSubmit(e)}>
          {field('userName', t('login.userName'), (p) => (
            <Input
              {...p}
              size="large"
              prefix={<UserOutlined />}
              autoComplete="username"
              autoFocus
              value={values.userName}
              onChange={(e) => set('userName', e.target.value)}
            />
          ))}
          {field('password', t('login.password'), (p) => (
            <Input.Password
              {...p}
              size="large"
              prefix={<LockOutlined />}
              autoComplete="current-password"
              value={values.password}
              onChange={(e) => set('password', e.target.value)}
            />
          ))}
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
