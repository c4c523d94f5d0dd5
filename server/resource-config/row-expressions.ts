import { sql, type SQL } from 'drizzle-orm';
import type { FieldDef } from '../../contract/resource';
import { FIELD_NAME_RE } from '../../contract/resource-config';

/**
 * A declared field's value inside `resource_rows.doc`, typed as a column would be; queries and
 * indexes share this text so the planner matches it. A misfit value reads as NULL, never fails.
 */
export function valueExpression(field: FieldDef, doc = 'doc'): string {
  if (!FIELD_NAME_RE.test(field.name)) throw new Error(`not a field name: ${field.name}`);
  const json = `(${doc} -> '${field.name}')`;
  const text = `(${doc} ->> '${field.name}')`;
  const when = (type: string, cast: string) =>
    `(CASE WHEN jsonb_typeof${json} = '${type}' THEN ${cast} END)`;
  switch (field.type) {
    case 'integer':
    case 'number':
      return when('number', `${text}::numeric`);
    case 'enum':
      return field.options?.every((o) => typeof o === 'number')
        ? when('number', `${text}::numeric`)
        : text;
    case 'boolean':
      return when('boolean', `${text}::boolean`);
    case 'datetime':
      return `resource_ts${text}`;
    case 'tags':
      return `resource_tags${json}`;
    case 'json':
      return json;
    case 'reference':
      // An id key is compared with the target's integer id, whose index then serves the lookup;
      // bigint, so no stored number can overflow the cast.
      return field.reference?.key === 'id'
        ? `(CASE WHEN ${text} ~ '^[0-9]{1,18}$' THEN ${text}::bigint END)`
        : text;
    default:
      return text;
  }
}

/** valueExpression as a query fragment, qualified by the table (or alias) it reads. */
export function valueSql(field: FieldDef, table = 'resource_rows'): SQL {
  return sql.raw(valueExpression(field, `"${table}"."doc"`));
}

/** A resource name as an SQL string literal: names are kebab-case, checked again here. */
export function resourceLiteral(name: string): string {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(name)) throw new Error(`not a resource name: ${name}`);
  return `'${name}'`;
}
