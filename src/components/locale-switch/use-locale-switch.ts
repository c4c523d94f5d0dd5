import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../contract/locale';
import { feedbackMessage } from '../../providers/feedback';

/** Switches the UI locale, stores it (i18n provider) and confirms with a notice (spec §4). */
export function useLocaleSwitch() {
  const { i18n } = useTranslation();
  return {
    locale: i18n.language as Locale,
    async change(next: Locale) {
      if (next === i18n.language) return;
      await i18n.changeLanguage(next);
      // Said in the language just chosen.
      void feedbackMessage().success(i18n.t('locale.switched'));
    },
  };
}
