import { Tag } from 'antd';
import { EmptyCell, InlineGroup } from '../../components/resource/cells';

/** A `tags` value (string[]); anything else shows as the empty dash. */
export function tagList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  // An older answer may still carry one tag as a string.
  if (typeof value === 'string' && value) return [value];
  return [];
}

export function TagList({ value }: { value: unknown }) {
  const tags = tagList(value);
  if (!tags.length) return <EmptyCell />;
  return (
    <InlineGroup>
      {tags.map((tag) => (
        <Tag key={tag}>{tag}</Tag>
      ))}
    </InlineGroup>
  );
}

/** Contract limits of a `tags` field: up to 20 distinct strings of 1–32 characters. */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 32;

export function tagsProblem(tags: readonly string[]): 'count' | 'length' | null {
  if (tags.length > MAX_TAGS) return 'count';
  if (tags.some((t) => t.trim().length < 1 || t.trim().length > MAX_TAG_LENGTH)) return 'length';
  return null;
}
