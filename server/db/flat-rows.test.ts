import * as drizzle from 'drizzle-orm';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeBackends, useTestDatabase } from '../test/backends';
import type { Database } from './client';
import { flatRowMapper, mapRowsFlat, type OrderedField } from './flat-rows';
import { prepareAs } from './prepared';
import { modelVersionPrices, modelVersions } from './schema';
import { isoFromTimestamptz } from './timestamps';

/**
 * drizzle's own ordering of a selection and its own row mapping: exported at run time, internal
 * in its types. The mapping is what the compiled one must equal.
 */
const { orderSelectedFields, mapResultRow } = drizzle as unknown as {
  orderSelectedFields(fields: Record<string, unknown>): OrderedField[];
  mapResultRow(fields: OrderedField[], row: unknown[], joins: undefined): Record<string, unknown>;
};

/**
 * A selection with every kind of field the stores select: columns whose decoder returns the
 * value (integer, varchar, boolean) and ones that convert it (numeric as number, timestamp as
 * Date), an aliased `sql` with and without a decoder, and a bare `sql` with one.
 */
const selection = {
  id: modelVersions.id,
  name: modelVersions.name,
  enabled: modelVersions.enabled,
  promptPrice: modelVersions.promptPrice,
  createdAt: modelVersions.createdAt,
  createdText: sql`${modelVersions.createdAt}`.mapWith(isoFromTimestamptz).as('created_text'),
  label: sql<string>`${modelVersions.name} || '!'`.as('label'),
  doubled: sql`${modelVersions.id} * 2`.mapWith(Number),
};

describe('flatRowMapper', () => {
  const fields = orderSelectedFields(selection);
  const rows: unknown[][] = [
    [
      7,
      'gpt',
      true,
      '0.012500',
      '2026-11-29 08:00:00.123+00',
      '2026-11-29 08:00:00.123+00',
      'gpt!',
      '14',
    ],
    [8, 'glm', false, '1.000000', '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00', null, '16'],
    [null, null, null, null, null, null, null, null],
  ];

  it('maps rows as drizzle’s mapResultRow does, nulls included', () => {
    const mapper = flatRowMapper(fields)!;
    expect(mapper).toBeDefined();
    const expected = rows.map((row) => mapResultRow(fields, row, undefined));
    expect(mapper(rows)).toEqual(expected);
    // The converting decoders ran: a number, a Date, ISO text, a number.
    const [first] = mapper(rows);
    expect(first).toMatchObject({ promptPrice: 0.0125, createdText: '2026-11-29T08:00:00.123Z' });
    expect(first!.createdAt).toBeInstanceOf(Date);
    expect(first!.doubled).toBe(14);
  });

  it('keeps the selection’s key order in every record', () => {
    const [first, , last] = flatRowMapper(fields)!(rows);
    expect(Object.keys(first!)).toEqual(Object.keys(selection));
    expect(Object.keys(last!)).toEqual(Object.keys(selection));
  });

  it('leaves a nested selection (a joined table’s fields) to drizzle', () => {
    const nested = orderSelectedFields({
      id: modelVersions.id,
      price: { from: modelVersionPrices.effectiveFrom },
    });
    expect(flatRowMapper(nested)).toBeUndefined();
  });

  it('leaves a query without fields or with its own mapper alone', () => {
    expect(mapRowsFlat({ execute: async () => [] })).toBe(false);
    const own = { fields: orderSelectedFields(selection), customResultMapper: () => [] };
    expect(mapRowsFlat(own)).toBe(false);
  });
});

describeBackends('rows mapped by a compiled function', (backend) => {
  const t = useTestDatabase(backend, async (db) => {
    await db.insert(modelVersions).values([
      { modelType: 'llm', name: 'flat-a', version: 'flat-1', promptPrice: 0.0125 },
      { modelType: 'llm', name: 'flat-b', version: 'flat-2', enabled: false, completionPrice: 2 },
    ]);
  });

  const query = (db: Database) =>
    db
      .select(selection)
      .from(modelVersions)
      .where(eq(modelVersions.modelType, sql.placeholder('type')))
      .orderBy(modelVersions.id);

  it('is how a prepared select maps its rows on this driver (drizzle’s hook is where it was)', () => {
    // Fails when a drizzle upgrade renames the prepared query's `fields` or
    // `customResultMapper`: every list and detail would silently go back to drizzle's mapping.
    expect(mapRowsFlat(query(t.db).prepare(''))).toBe(true);
  });

  it('answers what drizzle’s own mapping answers, named and unnamed', async () => {
    const expected = await query(t.db).execute({ type: 'llm' });
    expect(expected.map((r) => r.name)).toEqual(expect.arrayContaining(['flat-a', 'flat-b']));
    expect(await prepareAs(query(t.db), '').execute({ type: 'llm' })).toEqual(expected);
    const named = prepareAs(query(t.db), `flat_rows_${backend.name}`);
    expect(await named.execute({ type: 'llm' })).toEqual(expected);
    expect(await named.execute({ type: 'none' })).toEqual([]);
  });
});
