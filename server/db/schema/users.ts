import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Accounts. The admin's id is '0' (spec §6); ids are text because the spec treats them so. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  userName: text('user_name').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['admin', 'user'] }).notNull(),
  name: text('name'),
  avatar: text('avatar'),
  job: text('job'),
  jobName: text('job_name'),
  organization: text('organization'),
  organizationName: text('organization_name'),
  location: text('location'),
  locationName: text('location_name'),
  email: text('email'),
  phone: text('phone'),
  introduction: text('introduction'),
  personalWebsite: text('personal_website'),
  registrationDate: timestamp('registration_date', { withTimezone: true, mode: 'date' }),
  accountId: text('account_id'),
  certification: integer('certification'),
  userCode: text('user_code'),
  userKey: text('user_key'),
  // 1 = enabled, 0 = disabled: a disabled account cannot log in and its tokens stop at once.
  status: integer('status').notNull().default(1),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
