import { z } from 'zod';
import { safeString, visibleString } from './resource-schema';

export { ADMIN_ID, roleOfId } from './identity';

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
