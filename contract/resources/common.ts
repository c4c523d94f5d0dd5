import type { FieldDef } from '../resource';

/** 1 = enabled, 0 = disabled; labels under `<resource>.enums.status.<value>`. */
export const STATUS_OPTIONS = [1, 0] as const;

export function statusField(): FieldDef {
  return {
    name: 'status',
    type: 'enum',
    options: STATUS_OPTIONS,
    default: 1,
    list: true,
    filter: 'eq',
  };
}

/** The scene a row belongs to, by code (scenes are addressed by code across the platform). */
export function sceneCodeField(extra: Partial<FieldDef> = {}): FieldDef {
  return {
    name: 'sceneCode',
    type: 'string',
    max: 64,
    nullable: true,
    list: true,
    filter: 'eq',
    search: true,
    ...extra,
  };
}

export const FULL_CRUD = ['list', 'show', 'create', 'edit', 'delete'] as const;
