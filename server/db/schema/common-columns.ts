import { varchar } from 'drizzle-orm/pg-core';

/** contract/resources/common.ts sceneCodeField: the scene a row belongs to, by code. */
export const sceneCodeColumn = () => varchar('scene_code', { length: 64 });
