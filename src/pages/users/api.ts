import type { FormInstance } from 'antd';
import { isStrongPassword } from '../../../contract/account-rules';
import type { Envelope } from '../../../contract/envelope';
import { http } from '../../providers/api';
import { ApiError } from '../../providers/http';

/**
 * One admin call: the envelope's data, or a rejection (the http interceptor has already shown
 * the server's message).
 */
export async function post<T>(url: string, body: unknown = {}): Promise<T> {
  const res = await http.post<Envelope<T>>(url, body);
  return res.data.data;
}

/** Puts the server's field issues (40000) under the form's fields of the same names. */
export function showIssues(form: FormInstance, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  form.setFields(error.issues.map((i) => ({ name: i.field, errors: [i.message] })));
}

/** The password rule of spec §5 as a form rule: the same function the server runs. */
export function passwordRule(message: string) {
  return {
    validator: (_: unknown, value: unknown) =>
      typeof value !== 'string' || value === '' || isStrongPassword(value)
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}
