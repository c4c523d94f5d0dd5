import { Code } from '../../../contract/envelope';

/** A stale `version`: the row changed since it was read (40900, HTTP 409). */
export function isConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  return code === Code.CONFLICT || statusCode === 409;
}

/** Field messages of a 40000 answer, as refine's HttpError carries them. */
export function fieldErrors(error: unknown): { name: string; errors: string[] }[] {
  const errors = (error as { errors?: Record<string, unknown> } | null)?.errors;
  if (!errors) return [];
  return Object.entries(errors).map(([name, msg]) => ({
    name,
    errors: [Array.isArray(msg) ? msg.join(', ') : String(msg)],
  }));
}
