import {
  DownloadOutlined,
  LockOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  Badge,
  Button,
  Card,
  Empty,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../contract/locale';
import type { DeclarationEntry, DeclarationList } from '../../../contract/resource-config-api';
import { http } from '../../providers/api';
// A table's date-times in the compact form of every resource list.
import { formatDateTime } from '../../components/resource/field-format';
import { saveBlob } from '../../providers/download';
import { feedbackMessage } from '../../providers/feedback';
import { refreshRegistry } from '../../providers/resource-registry';
import '../users/admin-pages.css';
import { declarationApi, isConflict, problemsOf } from './api';
import type { Draft, DraftIssue } from './declaration-form';
import { DeclarationEditor, IssueList, type EditorTarget } from './DeclarationEditor';
import { DeleteDialog } from './DeleteDialog';
import { HistoryDrawer } from './HistoryDrawer';
import './resource-config.css';
import { useActionsFixed } from '../../components/actions-column';

const EXPORT_FILE = 'resources.json';

/** What an import produced: nothing yet, or the problems that refused it. */
interface ImportState {
  readonly file: string;
  readonly problems: readonly DraftIssue[];
}

/**
 * Resource configuration (admin only): declared resources from the config file (read-only) and
 * from this page. Every change refreshes the registry, so menu and routes follow without a reload.
 */
export default function ResourceConfigPage() {
  const { t, i18n } = useTranslation();
  const locale: Locale = (LOCALES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Locale)
    : 'zh-CN';
  const [data, setData] = useState<DeclarationList | null>(null);
  const [loading, setLoading] = useState(true);
  const [editor, setEditor] = useState<{ key: number; target: EditorTarget }>({
    key: 0,
    target: null,
  });
  const [deleting, setDeleting] = useState<DeclarationEntry | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const [imported, setImported] = useState<ImportState | null>(null);
  const [busy, setBusy] = useState<'import' | 'export' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The list's answer sets state only once it arrives, so the first fetch can run in an effect.
  const fetchList = useCallback(
    () =>
      declarationApi
        .list()
        .then(setData)
        // The interceptor has shown why; the last list stays.
        .catch(() => undefined)
        .finally(() => setLoading(false)),
    [],
  );
  const load = () => {
    setLoading(true);
    return fetchList();
  };

  useEffect(() => {
    void fetchList();
  }, [fetchList]);

  /** After any change: the list, and the console's own registry (menu, routes, policy). */
  const changed = () => {
    void load();
    void refreshRegistry(http);
  };

  const open = (target: EditorTarget) => setEditor((e) => ({ key: e.key + 1, target }));
  const closeEditor = () => setEditor((e) => ({ ...e, target: null }));

  const toggle = async (entry: DeclarationEntry, enabled: boolean) => {
    setToggling(entry.name);
    try {
      await declarationApi.enable(entry.name, entry.version, enabled);
      void feedbackMessage().success(
        t(`resourceConfig.enable.${enabled ? 'on' : 'off'}`, { name: entry.name }),
      );
      changed();
    } catch (error) {
      if (isConflict(error)) {
        void feedbackMessage().warning(t('resourceConfig.conflict', { name: entry.name }));
        void load();
      }
    } finally {
      setToggling(null);
    }
  };

  const exportAll = async () => {
    setBusy('export');
    try {
      const file = await declarationApi.export();
      saveBlob(
        new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' }),
        EXPORT_FILE,
      );
      void feedbackMessage().success(t('resourceConfig.notices.exported'));
    } catch {
      // The interceptor has shown why.
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire change again.
    event.target.value = '';
    if (!file) return;
    setImported(null);
    let body: unknown;
    try {
      body = JSON.parse(await file.text());
    } catch (error) {
      const reason = (error as Error).message;
      setImported({
        file: file.name,
        problems: [
          { path: '', message: t('resourceConfig.import.badFile', { file: file.name, reason }) },
        ],
      });
      return;
    }
    if (typeof body !== 'object' || body === null || !Array.isArray((body as Draft).resources)) {
      const reason = t('resourceConfig.import.notObject');
      setImported({
        file: file.name,
        problems: [
          { path: '', message: t('resourceConfig.import.badFile', { file: file.name, reason }) },
        ],
      });
      return;
    }
    setBusy('import');
    try {
      await declarationApi.import(body);
      void feedbackMessage().success(t('resourceConfig.notices.imported'));
      changed();
    } catch (error) {
      const problems = problemsOf(error);
      if (problems.length) setImported({ file: file.name, problems });
    } finally {
      setBusy(null);
    }
  };

  const actionsFixed = useActionsFixed();
  const columns: TableColumnsType<DeclarationEntry> = [
    {
      title: t('resourceConfig.columns.name'),
      dataIndex: 'name',
      render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
    },
    {
      title: t('resourceConfig.columns.label'),
      key: 'label',
      render: (_, entry) => entry.declaration.labels[locale],
    },
    {
      title: t('resourceConfig.columns.origin'),
      dataIndex: 'origin',
      render: (origin: DeclarationEntry['origin']) =>
        origin === 'file' ? (
          <Tooltip title={t('resourceConfig.fileReadOnly')}>
            <Tag icon={<LockOutlined />} color="blue" data-testid="origin-file">
              {t('resourceConfig.origin.file')}
            </Tag>
          </Tooltip>
        ) : (
          <Tag>{t('resourceConfig.origin.page')}</Tag>
        ),
    },
    {
      title: t('resourceConfig.columns.enabled'),
      key: 'enabled',
      render: (_, entry) =>
        entry.origin === 'file' ? (
          <Tooltip title={t('resourceConfig.fileReadOnly')}>
            <Badge
              status={entry.enabled ? 'success' : 'default'}
              text={t(`resourceConfig.status.${entry.enabled ? 'enabled' : 'disabled'}`)}
            />
          </Tooltip>
        ) : (
          <Switch
            checked={entry.enabled}
            loading={toggling === entry.name}
            aria-label={`${t('resourceConfig.columns.enabled')} ${entry.name}`}
            data-testid={`enable-${entry.name}`}
            onChange={(checked) => void toggle(entry, checked)}
          />
        ),
    },
    {
      title: t('resourceConfig.columns.rows'),
      dataIndex: 'rows',
      align: 'right',
      render: (rows: number | null) => rows ?? t('resourceConfig.restRows'),
    },
    {
      title: t('resourceConfig.columns.fields'),
      key: 'fields',
      align: 'right',
      render: (_, entry) => entry.declaration.fields.length,
    },
    {
      title: t('resourceConfig.columns.updated'),
      key: 'updated',
      render: (_, entry) => (
        <Space direction="vertical" size={0}>
          <span>{formatDateTime(entry.updatedAt) || '-'}</span>
          {entry.updatedBy && (
            <Typography.Text type="secondary">
              {t('resourceConfig.updatedBy', { user: entry.updatedBy })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('resourceConfig.columns.issues'),
      key: 'issues',
      render: (_, entry) =>
        entry.issues.length > 0 ? (
          <Tooltip
            title={
              <ul className="resource-config__issue-list">
                {entry.issues.map((i) => (
                  <li key={`${i.path}:${i.message}`}>
                    {i.path && <code>{i.path}</code>} {i.message}
                  </li>
                ))}
              </ul>
            }
          >
            <Tag icon={<WarningOutlined />} color="warning" data-testid={`issues-${entry.name}`}>
              {t('resourceConfig.notServed')}
            </Tag>
          </Tooltip>
        ) : null,
    },
    {
      title: t('resourceConfig.columns.actions'),
      key: 'actions',
      fixed: actionsFixed,
      render: (_, entry) => (
        <Space size={0}>
          {entry.origin === 'file' ? (
            <Button type="link" size="small" onClick={() => open({ mode: 'view', entry })}>
              {t('resourceConfig.actions.view')}
            </Button>
          ) : (
            <Button
              type="link"
              size="small"
              data-testid={`edit-${entry.name}`}
              onClick={() => open({ mode: 'edit', entry })}
            >
              {t('buttons.edit')}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            data-testid={`history-${entry.name}`}
            onClick={() => setHistory(entry.name)}
          >
            {t('resourceConfig.actions.history')}
          </Button>
          {entry.origin === 'page' && (
            <Button
              type="link"
              size="small"
              danger
              data-testid={`delete-${entry.name}`}
              onClick={() => setDeleting(entry)}
            >
              {t('buttons.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('resourceConfig.title')} data-testid="resource-config-page">
      <Typography.Paragraph type="secondary">{t('resourceConfig.intro')}</Typography.Paragraph>
      {data && data.fileIssues.length > 0 && (
        <IssueList
          issues={data.fileIssues}
          title={t('resourceConfig.fileIssues')}
          testId="file-issues"
        />
      )}
      {imported && (
        <IssueList
          issues={imported.problems}
          title={`${t('resourceConfig.import.title')}: ${imported.file}`}
          testId="import-problems"
        />
      )}
      <Space wrap className="admin-page__toolbar">
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="resource-config-create"
          onClick={() => open({ mode: 'create' })}
        >
          {t('resourceConfig.actions.create')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void load()}>
          {t('buttons.refresh')}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          loading={busy === 'export'}
          onClick={() => void exportAll()}
        >
          {t('resourceConfig.actions.export')}
        </Button>
        <Button
          icon={<UploadOutlined />}
          loading={busy === 'import'}
          onClick={() => fileInput.current?.click()}
        >
          {t('resourceConfig.actions.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          aria-label={t('resourceConfig.actions.import')}
          data-testid="import-input"
          onChange={(e) => void importFile(e)}
        />
      </Space>
      <Table<DeclarationEntry>
        rowKey="name"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data?.list ? [...data.list] : []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty description={t('resourceConfig.empty')}>
              <Typography.Text type="secondary">{t('resourceConfig.emptyHint')}</Typography.Text>
            </Empty>
          ),
        }}
      />
      <DeclarationEditor
        key={`editor:${editor.key}`}
        target={editor.target}
        onClose={closeEditor}
        onSaved={() => {
          closeEditor();
          changed();
        }}
        onConflict={() => {
          closeEditor();
          void load();
        }}
      />
      <DeleteDialog
        key={`delete:${deleting?.name ?? ''}`}
        entry={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          changed();
        }}
        onConflict={() => {
          setDeleting(null);
          void load();
        }}
      />
      <HistoryDrawer
        key={`history:${history ?? ''}`}
        name={history}
        onClose={() => setHistory(null)}
      />
    </Card>
  );
}
