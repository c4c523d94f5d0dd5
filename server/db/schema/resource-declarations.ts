import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ResourceDeclaration } from '../../../contract/resource-config';

/**
 * Resources an admin declared on the console's page. The declaration is stored as
 * parsed (defaults filled in), so the registry serves it without parsing again; `enabled`
 * mirrors the declaration's own key and is a column so lists need not open the JSON.
 * Declarations from the RESOURCES_CONFIG file are never stored here: the file is their truth.
 */
export const resourceDeclarations = pgTable('resource_declarations', {
  // A resource name is at most 40 characters (contract/resource-config.ts).
  name: varchar('name', { length: 40 }).primaryKey(),
  declaration: jsonb('declaration').$type<ResourceDeclaration>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Optimistic lock, as on resource rows: every change adds one. */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

export type ResourceDeclarationRow = typeof resourceDeclarations.$inferSelect;

export const DECLARATION_ACTIONS = [
  'create',
  'update',
  'disable',
  'enable',
  'delete',
  'import',
] as const;
export type DeclarationAction = (typeof DECLARATION_ACTIONS)[number];

/**
 * Every change of a page declaration: who, when, and the declaration before and after (null
 * before a create, after a delete). The client renders the diff from the two. No foreign key
 * to resource_declarations: the history of a deleted declaration stays readable.
 */
export const resourceDeclarationHistory = pgTable(
  'resource_declaration_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 40 }).notNull(),
    /** The declaration's version after the change (before it, for a delete). */
    version: integer('version').notNull(),
    action: text('action').$type<DeclarationAction>().notNull(),
    before: jsonb('before').$type<ResourceDeclaration | null>(),
    after: jsonb('after').$type<ResourceDeclaration | null>(),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('resource_declaration_history_name_changed_idx').on(t.name, t.changedAt)],
);

export type ResourceDeclarationHistoryRow = typeof resourceDeclarationHistory.$inferSelect;
