import type { BaseRecord } from '@refinedev/core';
import { Avatar, Badge, Space } from 'antd';
import type { AvatarProps, BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldRenderers } from '../../components/resource/field-format';
import './agent.css';

/** How each state shows: draft grey, published green, offline orange. */
const STATUS_BADGE: Record<string, BadgeProps['status']> = {
  draft: 'default',
  published: 'success',
  offline: 'warning',
};

/**
 * What an avatar without a picture shows: the first character of a CJK name, else the first
 * letters of the first two words.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = [...words[0]!][0]!;
  if (/\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(first)) {
    return first;
  }
  // A second initial only from a second Latin word ("Sales Bot" → "SB", "E2E 助手" → "E").
  const second = words[1] ? [...words[1]][0]! : '';
  return (first + (/^[\p{Script=Latin}\d]$/u.test(second) ? second : '')).toUpperCase();
}

/** The agent's picture (web links only), its initials when there is none or it fails to load. */
export function AgentAvatar({ record, size }: { record: BaseRecord; size?: AvatarProps['size'] }) {
  const name = String(record.agentName ?? '');
  const url = typeof record.avatar === 'string' ? record.avatar : '';
  const src = /^https?:\/\//i.test(url) ? url : undefined;
  return (
    <Avatar src={src} size={size} alt={name} className="agent-avatar">
      {initialsOf(name)}
    </Avatar>
  );
}

export function AgentStatusBadge({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const status = String(value ?? '');
  return (
    <Badge
      status={STATUS_BADGE[status] ?? 'default'}
      text={t(`agent.enums.status.${status}`, { defaultValue: status })}
    />
  );
}

export const agentRenderers: FieldRenderers = {
  agentName: (value, record) => (
    <Space size={8}>
      <AgentAvatar record={record ?? { agentName: value }} size="small" />
      <span>{String(value ?? '')}</span>
    </Space>
  ),
  status: (value) => <AgentStatusBadge value={value} />,
};
