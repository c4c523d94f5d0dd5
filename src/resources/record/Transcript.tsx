import {
  DislikeOutlined,
  LikeOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Button, Empty, Space, Tooltip, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../components/charts/format';
import { formatDateTime } from '../../components/resource/field-format';
import { SafeMarkdown } from './SafeMarkdown';
import './record.css';
import { Tip } from '../../components/Tip';

export type MessageRole = 'user' | 'assistant' | 'system';

/** One message of `record/detail` (docs/DATA-MODEL.md, "Session record"). */
export interface ChatMessage {
  id: number | string;
  seq: number;
  role: MessageRole;
  content: string;
  createdAt?: string | null;
  promptTokens?: number | null;
  completionTokens?: number | null;
  feedback?: 'like' | 'dislike' | null;
  feedbackNote?: string | null;
}

const ROLES: readonly MessageRole[] = ['user', 'assistant', 'system'];

/** The messages in conversation order; the server sends them so, `seq` makes sure. */
export function orderMessages(messages: readonly ChatMessage[] | null | undefined): ChatMessage[] {
  return [...(messages ?? [])].sort((a, b) => a.seq - b.seq);
}

function roleOf(message: ChatMessage): MessageRole {
  return ROLES.includes(message.role) ? message.role : 'system';
}

function Feedback({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (message.feedback !== 'like' && message.feedback !== 'dislike') return null;
  const label = t(`record.transcript.feedback.${message.feedback}`);
  const note = message.feedbackNote?.trim();
  const icon =
    message.feedback === 'like' ? <LikeOutlined aria-hidden /> : <DislikeOutlined aria-hidden />;
  return (
    <Tooltip title={note ? `${label}: ${note}` : label}>
      <Typography.Text
        type={message.feedback === 'like' ? 'success' : 'danger'}
        aria-label={note ? `${label}: ${note}` : label}
        role="img"
      >
        {icon}
      </Typography.Text>
    </Tooltip>
  );
}

function Message({ message }: { message: ChatMessage }) {
  const { t, i18n } = useTranslation();
  const role = roleOf(message);
  const roleLabel = t(`record.transcript.roles.${role}`);
  const hasTokens = !!(message.promptTokens || message.completionTokens);
  return (
    <article
      className={`transcript__message transcript__message--${role}`}
      aria-label={roleLabel}
      data-role={role}
    >
      <Space size={8} wrap className="transcript__meta">
        <Typography.Text strong>{roleLabel}</Typography.Text>
        {message.createdAt && (
          <Typography.Text type="secondary">
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </Typography.Text>
        )}
        {hasTokens && (
          <Typography.Text type="secondary">
            {t('record.transcript.tokens', {
              prompt: formatCount(message.promptTokens ?? 0, i18n.language),
              completion: formatCount(message.completionTokens ?? 0, i18n.language),
            })}
          </Typography.Text>
        )}
        <Feedback message={message} />
      </Space>
      <div className="transcript__bubble">
        <SafeMarkdown>{message.content ?? ''}</SafeMarkdown>
      </div>
    </article>
  );
}

/**
 * A session's messages as a chat: the user on the right, the assistant on the left, system
 * notes centred. The page itself scrolls; the jump buttons reach either end of a long one.
 */
export function Transcript({ messages }: { messages: readonly ChatMessage[] | null | undefined }) {
  const { t } = useTranslation();
  const top = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const ordered = orderMessages(messages);
  const jump = (to: HTMLDivElement | null) => to?.scrollIntoView?.({ behavior: 'smooth' });
  if (!ordered.length) return <Empty description={t('record.transcript.empty')} />;
  return (
    <>
      <div ref={top} />
      <section className="transcript" role="log" aria-label={t('record.transcript.label')}>
        {ordered.map((m) => (
          <Message key={`${m.id}-${m.seq}`} message={m} />
        ))}
      </section>
      <div ref={bottom} />
      {ordered.length > 6 && (
        <div className="transcript__jump">
          <Space>
            <Tip title={t('record.transcript.jumpTop')}>
              <Button
                shape="circle"
                icon={<VerticalAlignTopOutlined aria-hidden />}
                aria-label={t('record.transcript.jumpTop')}
                onClick={() => jump(top.current)}
              />
            </Tip>
            <Tip title={t('record.transcript.jumpBottom')}>
              <Button
                shape="circle"
                icon={<VerticalAlignBottomOutlined aria-hidden />}
                aria-label={t('record.transcript.jumpBottom')}
                onClick={() => jump(bottom.current)}
              />
            </Tip>
          </Space>
        </div>
      )}
    </>
  );
}
