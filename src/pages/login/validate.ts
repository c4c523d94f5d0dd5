export interface LoginValues {
  userName: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

/** Spec §5: user name and password cannot be empty. Returns locale keys. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.userName.trim()) errors.userName = 'login.userNameRequired';
  if (!values.password) errors.password = 'login.passwordRequired';
  return errors;
}
