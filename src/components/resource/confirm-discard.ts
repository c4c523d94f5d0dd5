import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { feedbackModal } from '../../providers/feedback';

/**
 * Asks whether to drop what was typed: "discard changes" (red) against "keep editing", with the
 * focus on "keep editing", so Enter at once keeps the work, as in every question.
 */
export function confirmDiscard(t: TFunction, title: string, onDiscard: () => void): void {
  feedbackModal().confirm({
    title,
    okText: t('buttons.discard'),
    okButtonProps: { danger: true },
    cancelText: t('buttons.keepEditing'),
    autoFocusButton: 'cancel',
    onOk: onDiscard,
  });
}

/** Closes a form dialog at once when nothing was typed, else after the operator confirms. */
export function closeUnlessTouched(form: FormInstance, t: TFunction, onClose: () => void): void {
  if (!form.isFieldsTouched()) return onClose();
  confirmDiscard(t, t('form.unsaved'), onClose);
}
