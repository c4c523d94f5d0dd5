import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { systemColumns } from './system-columns';

/** Backs contract/resources/scene.ts; property names are the contract's field names. */
export const scenes = pgTable(
  'scenes',
  {
    ...systemColumns(),
    sceneName: varchar('scene_name', { length: 64 }).notNull(),
    sceneCode: varchar('scene_code', { length: 64 }).notNull(),
    type: smallint('type').notNull().default(1),
    description: text('description'),
    templateId: integer('template_id'),
    isDel: smallint('is_del').notNull().default(0),
  },
  (t) => [
    // A deleted scene must not block reusing its code.
    uniqueIndex('scenes_scene_code_live_uq')
      .on(t.sceneCode)
      .where(sql`${t.isDel} = 0`),
    index('scenes_live_created_at_idx').on(t.isDel, t.createdAt),
  ],
);
