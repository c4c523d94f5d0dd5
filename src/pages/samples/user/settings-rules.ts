import type { SaveInfoBody } from '../../../../mock/types';

/** Spec §5 ("leftover demo messages"): a profile of at most 200 characters. */
export const PROFILE_MAX = 200;
/** A nickname shows in the navbar and on cards: short enough for both. */
export const NICKNAME_MAX = 20;
export const ADDRESS_MAX = 100;
/** Largest avatar the form sends (the sample upload itself reads up to 5 MiB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The settings form's values (the fields of POST /api/user/save-info). */
export type SettingsValues = Required<Pick<SaveInfoBody, 'email' | 'nickname'>> &
  Pick<SaveInfoBody, 'countryRegion' | 'area' | 'address' | 'profile'>;

/** What is wrong with an avatar file before it is sent, or null when it may go. */
export function avatarProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** The body sent: text trimmed, empty optional fields left out. */
export function saveInfoBody(values: SettingsValues): SaveInfoBody {
  const out: SaveInfoBody = { email: values.email.trim(), nickname: values.nickname.trim() };
  for (const key of ['countryRegion', 'area', 'address', 'profile'] as const) {
    const v = values[key]?.trim();
    if (v) out[key] = v;
  }
  return out;
}
