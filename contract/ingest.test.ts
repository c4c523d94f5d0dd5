import { describe, expect, it } from 'vitest';
import { INGEST_BODIES, INGEST_EXAMPLE, INGEST_TYPES, ingestBatch, ingestEvent } from './ingest';

describe('ingest contract', () => {
  it('documents one valid event of each type', () => {
    expect(ingestBatch.safeParse(INGEST_EXAMPLE).success).toBe(true);
    const types = INGEST_EXAMPLE.batch.map((raw) => {
      const event = ingestEvent.parse(raw);
      expect(INGEST_BODIES[event.type].safeParse(event.body).error).toBeUndefined();
      return event.type;
    });
    expect(types.sort()).toEqual([...INGEST_TYPES].sort());
  });
});
