// Option parsing the benches share (node:util parseArgs gives strings): one check and one error
// message for a number that must be positive, one way to split a comma-separated list.

/** `positive('clients')` reads `--clients` from `values` and refuses anything not above 0. */
export const positiveArgs =
  <T extends object>(values: T) =>
  (name: keyof T & string): number => {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} takes a positive number`);
    return n;
  };

/** "a, b,,c" → ["a", "b", "c"]; undefined when the option was not given. */
export const splitList = (text: string | undefined) =>
  text
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
