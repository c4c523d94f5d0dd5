import v8 from 'node:v8';

/** The V8 flag the server sets at start unless V8_PRETENURING=on. */
export const NO_PRETENURING = '--no-allocation-site-pretenuring';

/**
 * Turns off V8's allocation-site pretenuring for the server process (docs/PERFORMANCE.md
 * "Garbage collection"). Under list traffic V8 sees some allocation site's objects all alive
 * at a scavenge (objects of the requests in flight) and from then on allocates every object of
 * that site directly in the old generation, where the short-lived ones pile up until a full
 * collection: 10–12 kB promoted per list answer, a fifth of a list's server CPU spent in the
 * collector, and the old space swinging between 40 and 190 MB. Without it the young generation
 * collects them. A process-wide switch, so it belongs to the process's start (main.ts), not to
 * buildApp, which tests share with other code. V8_PRETENURING=on keeps V8's default.
 */
export function tuneGarbageCollector(
  env: NodeJS.ProcessEnv,
  setFlags: (flags: string) => void = (flags) => v8.setFlagsFromString(flags),
): boolean {
  if (env.V8_PRETENURING === 'on') return false;
  setFlags(NO_PRETENURING);
  return true;
}
