import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { normalizeTag, type TagsInUse } from '../../../contract/tags';
import type { TagsInUseQuery } from '../../../contract/tags-schema';
import type { Database } from '../../db/client';
import { likePattern } from './query';

/** `text` as the start of a LIKE pattern: its `%`, `_` and backslashes literal. */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The tags of `column` over the rows `where` selects, each with the number of rows carrying
 * it: most used first, then by spelling; with a keyword, only tags containing it, those that
 * start with it first. One grouped statement; `total` (a window over the groups) says how many
 * matched beyond the `limit` answered. The keyword is normalised as stored tags are, so `ＧＰＴ`
 * finds `gpt`.
 */
export async function countTags(
  db: Database,
  table: PgTable,
  column: PgColumn | SQL,
  where: SQL | undefined,
  query: Pick<TagsInUseQuery, 'keyword' | 'limit'>,
): Promise<TagsInUse> {
  const keyword = query.keyword === undefined ? '' : normalizeTag(query.keyword);
  const tag = sql.raw('tags_in_use.tag');
  const matches = keyword ? sql`and ${tag} ilike ${likePattern(keyword)}` : sql``;
  const first = keyword ? sql`(${tag} ilike ${prefixPattern(keyword)}) desc,` : sql``;
  const result = (await db.execute(sql`
    select ${tag} as tag, count(*)::int as count, (count(*) over ())::int as total
    from ${table} cross join lateral unnest(${column}) as tags_in_use(tag)
    where ${where ?? sql`true`} ${matches}
    group by ${tag}
    order by ${first} count(*) desc, ${tag}
    limit ${query.limit}`)) as unknown as {
    rows: { tag: string; count: number; total: number }[];
  };
  const rows = result.rows;
  return {
    list: rows.map((r) => ({ tag: r.tag, count: Number(r.count) })),
    total: rows.length ? Number(rows[0]!.total) : 0,
  };
}
