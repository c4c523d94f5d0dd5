// The closed-loop load generator of the HTTP benches: each client sends its next request once its
// last one is answered, as a person or a script in front of a console does, so the rate is what
// the server sustains at that many clients. One copy, so every bench's clients behave the same.

export type LoadLimit =
  /**
   * Until this time (performance.now()); `perClient` bounds each client's requests too, and
   * `requests` the requests sent in all (a stream of distinct requests that may run out).
   */
  | { until: number; perClient?: number; requests?: number }
  /** Until this many requests were sent in all. */
  | { requests: number };

/**
 * Runs `clients` clients under `limit`; `send(client, i)` sends, times and records the client's
 * i-th request itself (what counts as an answer differs per bench). Returns the seconds taken.
 */
export async function closedLoop(
  clients: number,
  limit: LoadLimit,
  send: (client: number, i: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  let sent = 0;
  const cap = limit.requests ?? Infinity;
  const more =
    'until' in limit ? () => sent < cap && performance.now() < limit.until : () => sent < cap;
  const perClient = 'perClient' in limit ? (limit.perClient ?? Infinity) : Infinity;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; more() && i < perClient; i++) {
        sent++;
        await send(client, i);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

/** Counts one more `key` (an answer's code, "timeout", …). */
export function tally(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
