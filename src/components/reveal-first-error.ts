import type { FormInstance } from 'antd';

type NamePath = string | number | (string | number)[];

/**
 * Brings a field into view and gives it the focus. A long form scrolls inside its dialog:
 * without this, Save on a form whose faulty field is out of sight seems to do nothing.
 * Centred: `nearest` stops at the input's edge and leaves its label above it out of view.
 */
export function revealField(form: FormInstance, name: NamePath): void {
  form.scrollToField(name, { block: 'center', focus: true });
}

/** What antd's `validateFields` rejects with when a rule fails. */
function isValidateError(error: unknown): error is { errorFields: { name: NamePath }[] } {
  return (
    typeof error === 'object' &&
    error !== null &&
    Array.isArray((error as { errorFields?: unknown }).errorFields)
  );
}

/**
 * `form.validateFields()` that, when a rule fails, reveals the first field at fault (antd
 * lists them in the form's order) before rejecting as before.
 */
export async function validateRevealing<Values>(form: FormInstance<Values>): Promise<Values> {
  try {
    return await form.validateFields();
  } catch (error) {
    const first = isValidateError(error) ? error.errorFields[0] : undefined;
    if (first) revealField(form as FormInstance, first.name);
    throw error;
  }
}

/** A message as the server sends it for one field: a text, or several. */
function messageOf(msg: unknown): string {
  if (typeof msg === 'string') return msg;
  return Array.isArray(msg) ? msg.join(', ') : String(msg);
}

/**
 * Shows a server's refusal (`errors: { field: message }`) under the fields it names, and reveals
 * the first of them in the form's order, as a failed rule's would be. `rename` maps a server
 * name to the control that shows it, where they differ.
 */
export function showFieldErrors(
  form: FormInstance,
  errors: Record<string, unknown> | undefined,
  rename: (name: string) => string = (name) => name,
): void {
  if (!errors) return;
  form.setFields(
    Object.entries(errors).map(([name, msg]) => ({ name: rename(name), errors: [messageOf(msg)] })),
  );
  // antd lists the fields in the order they were mounted: the form's order.
  const first = form.getFieldsError().find((field) => field.errors.length > 0);
  if (first) revealField(form, first.name);
}
