import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { BrowserCalls } from './BrowserCalls';
import './debug-records.css';
import { RecordDrawer } from './RecordDrawer';
import { ServerRecords } from './ServerRecords';
import { useDebugParams } from './use-debug-params';

/**
 * Debug records: the model requests the server made for this operator (or everyone, for an
 * admin), and the API calls of this browser tab. Tab, filters, page and the open record live
 * in the address, so a reload or a link (`?record=<id>` from the playground) shows the same.
 */
export default function DebugRecordsPage() {
  const { t } = useTranslation();
  const [params, update] = useDebugParams();
  const open = (record: number | null) => update((p) => ({ ...p, record }));
  return (
    <Card title={t('debug.title')} data-testid="debug-records-page">
      <Tabs
        aria-label={t('debug.tabs.label')}
        activeKey={params.tab}
        onChange={(key) => update((p) => ({ ...p, tab: key === 'browser' ? 'browser' : 'server' }))}
        items={[
          {
            key: 'server',
            label: t('debug.tabs.server'),
            children: (
              <ServerRecords
                query={params.query}
                onQuery={(query) => update((p) => ({ ...p, query }))}
                onOpen={open}
              />
            ),
          },
          { key: 'browser', label: t('debug.tabs.browser'), children: <BrowserCalls /> },
        ]}
      />
      <RecordDrawer id={params.record} onClose={() => open(null)} />
    </Card>
  );
}
