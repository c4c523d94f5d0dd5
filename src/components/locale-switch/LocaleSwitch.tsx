import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../contract/locale';
import { useLocaleSwitch } from './use-locale-switch';

/**
 * With two locales a toggle is all it takes: the button names the language it switches to.
 * (A dropdown menu or an antd tooltip here would add ~35 kB to the login page.)
 */
export function LocaleSwitch() {
  const { t } = useTranslation();
  const { locale, change } = useLocaleSwitch();
  const next: Locale = LOCALES.find((l) => l !== locale) ?? LOCALES[0];
  return (
    <Button
      icon={<TranslationOutlined />}
      title={t('locale.label')}
      data-testid="locale-switch"
      lang={next}
      onClick={() => void change(next)}
    >
      {t(`locale.${next}`)}
    </Button>
  );
}
