import { Collapse, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeclarationHistoryEntry } from '../../../contract/resource-config-api';
import { formatLongDateTime } from '../../providers/dates';
import { declarationApi } from './api';
import { lineDiff, prettyJson } from './line-diff';

const ACTION_COLORS: Record<DeclarationHistoryEntry['action'], string> = {
  create: 'green',
  update: 'blue',
  enable: 'cyan',
  disable: 'orange',
  delete: 'red',
  import: 'purple',
};

/** The before/after of one change as a line diff of pretty-printed JSON. */
export function DeclarationDiff({ entry }: { entry: DeclarationHistoryEntry }) {
  const { t } = useTranslation();
  const lines = lineDiff(prettyJson(entry.before), prettyJson(entry.after));
  if (lines.every((l) => l.kind === 'same')) {
    return (
      <Typography.Text type="secondary">{t('resourceConfig.history.noChange')}</Typography.Text>
    );
  }
  const sign = { same: ' ', removed: '-', added: '+' } as const;
  return (
    <pre className="resource-config__diff" data-testid={`history-diff-${entry.id}`}>
      {lines.map((line, i) => (
        <div key={i} className={`resource-config__diff-${line.kind}`}>
          {sign[line.kind]} {line.text}
        </div>
      ))}
    </pre>
  );
}

/** Every recorded change of one declaration: who, when, what, and its diff. */
export function HistoryDrawer({ name, onClose }: { name: string | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [list, setList] = useState<DeclarationHistoryEntry[] | null>(null);

  useEffect(() => {
    if (!name) return;
    let live = true;
    declarationApi
      .history(name)
      .then((entries) => live && setList(entries))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, [name]);

  return (
    <Drawer
      open={!!name}
      onClose={onClose}
      width={760}
      title={name ? t('resourceConfig.history.title', { name }) : ''}
      destroyOnHidden
      data-testid="history-drawer"
    >
      {list === null ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t('resourceConfig.history.empty')} />
      ) : (
        <Collapse
          defaultActiveKey={[String(list[0]!.id)]}
          items={list.map((entry) => ({
            key: String(entry.id),
            label: (
              <Space wrap>
                <Tag color={ACTION_COLORS[entry.action]}>
                  {t(`resourceConfig.history.action.${entry.action}`)}
                </Tag>
                <Typography.Text>
                  {t('resourceConfig.history.version', { version: entry.version })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {formatLongDateTime(entry.changedAt, i18n.language)}
                </Typography.Text>
                <Typography.Text>
                  {entry.changedBy ?? t('resourceConfig.history.unknownUser')}
                </Typography.Text>
              </Space>
            ),
            children: <DeclarationDiff entry={entry} />,
          }))}
        />
      )}
    </Drawer>
  );
}
