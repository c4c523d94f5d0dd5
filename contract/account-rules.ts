/**
 * The password rule (spec §5): at least six characters with upper and lower case letters.
 * Plain data and a function, so the console's forms check exactly what the server checks.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{Lu}/u.test(password) &&
    /\p{Ll}/u.test(password)
  );
}

/** Account names: 3–32 letters, digits, `_`, `.` or `-`. */
export const USER_NAME_PATTERN = { regex: '[A-Za-z0-9_.-]{3,32}', example: 'zhang.san' } as const;
export const USER_STATUSES = [1, 0] as const;
export const USER_ROLES = ['admin', 'user'] as const;
