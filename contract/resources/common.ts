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

/** A record's display name: required, sortable, searchable. */
export function nameField(name: string, extra: Partial<FieldDef> = {}): FieldDef {
  return {
    name,
    type: 'string',
    required: true,
    max: 64,
    list: true,
    sortable: true,
    filter: 'contains',
    search: true,
    ...extra,
  };
}

/** A record's code: unique, fixed once created (other records refer to it). */
export function codeField(name: string, extra: Partial<FieldDef> = {}): FieldDef {
  return {
    name,
    type: 'string',
    required: true,
    max: 64,
    unique: true,
    list: true,
    filter: 'eq',
    search: true,
    createOnly: true,
    ...extra,
  };
}

export function descriptionField(extra: Partial<FieldDef> = {}): FieldDef {
  return { name: 'description', type: 'text', nullable: true, max: 1000, list: true, ...extra };
}

export const FULL_CRUD = ['list', 'show', 'create', 'edit', 'delete'] as const;
