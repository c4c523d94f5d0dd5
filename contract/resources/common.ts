import type { FieldDef, RouteRole } from '../resource';

/** 1 = enabled, 0 = disabled; labels under `<resource>.enums.status.<value>`. */
export const STATUS_OPTIONS = [1, 0] as const;

export function statusField(): FieldDef & { name: 'status' } {
  return {
    name: 'status',
    type: 'enum',
    options: STATUS_OPTIONS,
    default: 1,
    list: true,
    filter: 'eq',
  };
}

/**
 * The scene a row belongs to, by code (scenes are addressed by code across the platform);
 * records answer the scene's name beside it as `sceneName` (spec §2 columns).
 */
export function sceneCodeField(
  extra: Partial<Omit<FieldDef, 'name'>> = {},
): FieldDef & { name: 'sceneCode' } {
  return {
    type: 'reference',
    reference: { resource: 'scene', key: 'sceneCode', label: 'sceneName', as: 'sceneName' },
    max: 64,
    nullable: true,
    list: true,
    filter: 'eq',
    ...extra,
    name: 'sceneCode',
  };
}

/** A reference to a prompt template by id, answered with its title as `templateTitle`. */
export function templateIdField(
  extra: Partial<Omit<FieldDef, 'name'>> = {},
): FieldDef & { name: 'templateId' } {
  return {
    type: 'reference',
    reference: { resource: 'prompt', key: 'id', label: 'title', as: 'templateTitle' },
    nullable: true,
    list: true,
    filter: 'eq',
    ...extra,
    name: 'templateId',
  };
}

/** A record's display name: required, sortable, searchable. */
export function nameField<const N extends string>(
  name: N,
  extra: Partial<Omit<FieldDef, 'name'>> = {},
): FieldDef & { name: N } {
  return {
    type: 'string',
    required: true,
    max: 64,
    list: true,
    sortable: true,
    filter: 'contains',
    search: true,
    ...extra,
    name,
  };
}

/** A record's code: unique, fixed once created (other records refer to it). */
export function codeField<const N extends string>(
  name: N,
  extra: Partial<Omit<FieldDef, 'name'>> = {},
): FieldDef & { name: N } {
  return {
    type: 'string',
    required: true,
    max: 64,
    unique: true,
    list: true,
    filter: 'eq',
    search: true,
    createOnly: true,
    ...extra,
    name,
  };
}

export function descriptionField(
  extra: Partial<Omit<FieldDef, 'name'>> = {},
): FieldDef & { name: 'description' } {
  return { type: 'text', nullable: true, max: 1000, list: true, ...extra, name: 'description' };
}

export const FULL_CRUD = ['list', 'show', 'create', 'edit', 'delete'] as const;

/** Route roles as spec §2 writes them. */
export const ANY: readonly RouteRole[] = ['*'];
export const USER_ONLY: readonly RouteRole[] = ['user'];
export const ADMIN_ONLY: readonly RouteRole[] = ['admin'];
