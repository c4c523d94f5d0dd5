import { z } from 'zod';
import { safeString, visibleString } from './resource-schema';
import {
  isStrongPassword,
  PASSWORD_MAX_LENGTH,
  USER_NAME_PATTERN,
  USER_ROLES,
} from './account-rules';

export { ADMIN_ID, roleOfId } from './identity';
// Plain rules the console's forms share, apart from the schemas: importing them from here put
// zod into the console shell's chunk.
export {
  isStrongPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USER_NAME_PATTERN,
  USER_ROLES,
  USER_STATUSES,
} from './account-rules';

// Same text rules as resource fields: a name that shows nothing or a lone surrogate is 40000.
export const loginBody = z.strictObject({
  userName: visibleString().trim().min(1).max(64),
  password: safeString().min(1).max(256),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginAnswer = z.object({ id: z.string(), token: z.string() });
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const userDetailBody = z.strictObject({
  id: z.union([safeString().min(1).max(64), z.number()]),
});

/** The user fields of spec §3, as /user/detail answers them. */
export const userSchema = z.object({
  id: z.string(),
  userName: z.string(),
  userCode: z.string().nullable(),
  userKey: z.string().nullable(),
  role: z.enum(['admin', 'user']),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  job: z.string().nullable(),
  jobName: z.string().nullable(),
  organization: z.string().nullable(),
  organizationName: z.string().nullable(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  introduction: z.string().nullable(),
  personalWebsite: z.string().nullable(),
  registrationDate: z.string().nullable(),
  accountId: z.string().nullable(),
  certification: z.number().int().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A new password: the rule above, refused as 40000 `weakPassword` naming the field. */
export function passwordSchema() {
  return safeString()
    .max(PASSWORD_MAX_LENGTH)
    .refine(isStrongPassword, { params: { key: 'weakPassword' } });
}

const USER_NAME_RE = new RegExp(`^(?:${USER_NAME_PATTERN.regex})$`);

const optionalName = safeString().trim().max(64).nullable().optional();
const optionalEmail = safeString()
  .trim()
  .max(254)
  .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), {
    params: { key: 'badFormat' },
  })
  .nullable()
  .optional();
const userId = safeString().trim().min(1).max(64);

/** user/page: the admin's account list. */
export const userPageBody = z.strictObject({
  current: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  keyword: safeString().trim().max(100).optional(),
  role: z.enum(USER_ROLES).optional(),
  status: z.union([z.literal(1), z.literal(0)]).optional(),
});

export const userCreateBody = z.strictObject({
  userName: safeString()
    .trim()
    .refine((s) => USER_NAME_RE.test(s), {
      params: { key: 'badPattern', example: USER_NAME_PATTERN.example },
    }),
  password: passwordSchema(),
  role: z.enum(USER_ROLES),
  name: optionalName,
  email: optionalEmail,
});

export const userUpdateBody = z.strictObject({
  id: userId,
  version: z.number().int().positive(),
  name: optionalName,
  email: optionalEmail,
  role: z.enum(USER_ROLES).optional(),
});

export const userIdBody = z.strictObject({ id: userId });

export const resetPasswordBody = z.strictObject({ id: userId, password: passwordSchema() });

/** user/password: the caller's own password. */
export const changePasswordBody = z.strictObject({
  oldPassword: safeString().min(1).max(256),
  newPassword: passwordSchema(),
});

/** An account as the admin's list shows it. */
export const userAdminSchema = z.object({
  id: z.string(),
  userName: z.string(),
  name: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.number().int(),
  email: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type UserAdmin = z.infer<typeof userAdminSchema>;

export const userPageAnswer = z.object({ list: z.array(userAdminSchema), total: z.number().int() });

/** user/password answers how many other sessions it ended. */
export const changePasswordAnswer = z.object({ endedSessions: z.number().int() });
