import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { feedbackModal } from '../../providers/feedback';

/** Closes a form dialog at once when nothing was typed, else after the operator confirms. */
export function closeUnlessTouched(form: FormInstance, t: TFunction, onClose: () => void): void {
  if (!form.isFieldsTouched()) return onClose();
  feedbackModal().confirm({
    title: t('form.unsaved'),
    okText: t('buttons.discard'),
    okButtonProps: { danger: true },
    cancelText: t('buttons.keepEditing'),
    // Enter at once keeps the work: the focus starts on "keep editing", as in every question.
    autoFocusButton: 'cancel',
    onOk: onClose,
  });
}
