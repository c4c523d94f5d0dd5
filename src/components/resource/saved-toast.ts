import type { TFunction } from 'i18next';
import { feedbackMessage } from '../../providers/feedback';

/**
 * Every record form acknowledges a save the same way, with the toast a template's or a
 * session's save shows: a dialog closing on its own does not tell the operator it was stored.
 */
export function toastSaved(t: TFunction): void {
  void feedbackMessage().success(t('notifications.saved'));
}
