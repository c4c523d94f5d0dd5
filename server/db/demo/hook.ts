/** A resource's demo rows, as column values, for a seeding moment `now` (ms). */
export type DemoRows = (now: number) => readonly Record<string, unknown>[];
