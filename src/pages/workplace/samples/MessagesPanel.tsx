import { CheckOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Card, List, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, MessageReadBody, MessageType } from '../../../../mock/types';
import { formatLongDateTime } from '../../../providers/dates';
import { SAMPLE_CALLS, sampleKey, useSampleMutation, useSampleQuery } from '../../samples/api';
import { SampleState } from '../../samples/SampleState';
import { groupMessages, markRead, unreadIds } from './messages';

/** Colour of a notice or to-do by its level (0 not started, 1 done, 3 due soon). */
const LEVEL_COLOR = { 0: 'default', 1: 'green', 3: 'red' } as const;

function MessageItem({ message, onRead }: { message: Message; onRead(ids: number[]): void }) {
  const { t, i18n } = useTranslation();
  const unread = message.status === 0;
  return (
    <List.Item
      // Read ones are told by their grey, lighter title and the missing dot, not faded: at 65 %
      // their secondary text read under 4.5:1.
      className={unread ? 'sample-messages__item--unread' : undefined}
      // Opening an unread message reads it: by click, or Enter / Space from the keyboard.
      role={unread ? 'button' : undefined}
      tabIndex={unread ? 0 : undefined}
      onClick={() => unread && onRead([message.id])}
      onKeyDown={(e) => {
        if (unread && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onRead([message.id]);
        }
      }}
      data-testid={`message-${message.id}`}
      data-status={message.status}
    >
      <List.Item.Meta
        avatar={
          <Badge dot={unread}>
            {message.avatar ? (
              <Avatar src={message.avatar} />
            ) : (
              <Avatar>{message.title.slice(0, 1)}</Avatar>
            )}
          </Badge>
        }
        title={
          <span>
            <Typography.Text strong={unread} type={unread ? undefined : 'secondary'}>
              {message.title}
            </Typography.Text>{' '}
            {message.subTitle && (
              <Typography.Text type="secondary">{message.subTitle}</Typography.Text>
            )}{' '}
            {message.messageType !== undefined && (
              <Tag color={LEVEL_COLOR[message.messageType]}>
                {t(`samples.messages.levels.${message.messageType}`)}
              </Tag>
            )}
          </span>
        }
        description={
          <>
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2 }}
              className="sample-page__title"
            >
              {message.content}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {formatLongDateTime(message.time, i18n.language)}
            </Typography.Text>
          </>
        }
      />
    </List.Item>
  );
}

/**
 * Announcements and messages (spec §7 GET /api/message/list, POST /api/message/read): one tab
 * per type with its unread count; opening a message or "mark all read" sends the read call,
 * and the messages turn read once it succeeded.
 */
export function MessagesPanel() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useSampleQuery<Message[]>(SAMPLE_CALLS.messageList);
  const read = useSampleMutation<MessageReadBody, boolean>(SAMPLE_CALLS.messageRead);
  const [tab, setTab] = useState<MessageType>('message');

  const onRead = (ids: number[]) => {
    if (!ids.length || read.isPending) return;
    read.mutate(
      { ids },
      {
        // The server now holds them read; the list shows it without waiting for a refetch.
        onSuccess: () =>
          client.setQueryData<Message[]>(sampleKey(SAMPLE_CALLS.messageList), (prev) =>
            prev ? markRead(prev, ids) : prev,
          ),
      },
    );
  };

  const groups = query.data ? groupMessages(query.data) : [];
  const current = groups.find((g) => g.type === tab);

  return (
    <Card
      title={t('samples.messages.title')}
      data-testid="sample-messages"
      extra={
        <Button
          size="small"
          icon={<CheckOutlined />}
          disabled={!current?.unread}
          loading={read.isPending}
          onClick={() => onRead(unreadIds(current?.items ?? []))}
          data-testid="messages-read-all"
        >
          {t('samples.messages.markAllRead')}
        </Button>
      }
    >
      <SampleState query={query} rows={4} height={412}>
        {() => (
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as MessageType)}
            items={groups.map((g) => ({
              key: g.type,
              label: (
                <Badge
                  count={g.unread}
                  size="small"
                  offset={[8, -2]}
                  data-testid={`unread-${g.type}`}
                >
                  {t(`samples.messages.types.${g.type}`)}
                </Badge>
              ),
              children: (
                <List<Message>
                  dataSource={g.items}
                  locale={{ emptyText: t('samples.state.empty') }}
                  renderItem={(m) => <MessageItem key={m.id} message={m} onRead={onRead} />}
                />
              ),
            }))}
          />
        )}
      </SampleState>
    </Card>
  );
}
