import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { pickLocale, type Locale } from '../../contract/locale';

dayjs.extend(localizedFormat);

/** dayjs' name for each UI locale. */
export const DAYJS_LOCALES: Record<Locale, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

/**
 * A date-time the API sent (ISO-8601, UTC) in the browser's zone and the UI locale's long form:
 * "March 15, 2024 2:30 PM", "2024年3月15日下午2点30分". The locale is passed, not read from
 * dayjs' global one, so a component re-rendering on a language change formats in the new
 * language. Empty values give null; a value that is no date is shown as it came.
 */
export function formatLongDateTime(value: unknown, locale: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = dayjs(value as string | number | Date);
  if (!d.isValid()) return String(value);
  return d.locale(DAYJS_LOCALES[pickLocale(locale)]).format('LLL');
}
