/** The fields PGlite and node-postgres both put on a server error. */
export interface DatabaseError {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
  column?: string;
}

/** Drizzle wraps driver errors (DrizzleQueryError.cause); look through the wrapper. */
export function databaseErrorOf(error: unknown): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DatabaseError;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The first column named in a unique violation's detail: `Key (scene_code)=(x) already exists.` */
export function duplicateColumnOf(error: DatabaseError): string | undefined {
  const match = /^Key \(([^)]+)\)=/.exec(error.detail ?? '');
  return match?.[1]?.split(',')[0]?.trim().replace(/^"|"$/g, '');
}
