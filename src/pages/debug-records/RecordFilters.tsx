import { ReloadOutlined } from '@ant-design/icons';
import { Button, DatePicker, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DEBUG_RECORD_STATES } from '../../../contract/debug-records';
import { CALL_SOURCES } from '../../../contract/resources/prompt-call';
import { useModelVersionOptions } from '../../components/model-version-options';
import type { RecordQuery, RecordSource, RecordState } from './params';

type Filters = Omit<RecordQuery, 'current' | 'pageSize'>;

/** The server tab's filters; every change goes back to the first page. */
export function RecordFilters({
  query,
  loading,
  onChange,
  onRefresh,
}: {
  query: RecordQuery;
  loading: boolean;
  onChange(next: Filters): void;
  onRefresh(): void;
}) {
  const { t } = useTranslation();
  // Past records may name a version that is disabled now.
  const versions = useModelVersionOptions({ pickDisabled: true });
  const set = (change: Partial<Filters>) => {
    const { current: _c, pageSize: _s, ...filters } = query;
    onChange({ ...filters, ...change });
  };
  const day = (v: string | undefined) => (v ? dayjs(v) : null);
  const dayText = (v: Dayjs | null | undefined) => (v ? v.format('YYYY-MM-DD') : undefined);

  return (
    <Space wrap className="debug-records__filters" data-testid="debug-record-filters">
      <Select<string>
        allowClear
        showSearch
        optionFilterProp="label"
        className="debug-records__version"
        value={query.modelVersion}
        placeholder={t('debug.server.filters.modelVersion')}
        aria-label={t('debug.server.fields.modelVersion')}
        loading={versions.loading}
        options={versions.options}
        onChange={(modelVersion) => set({ modelVersion })}
        data-testid="debug-record-version"
      />
      <Select<RecordSource>
        allowClear
        className="debug-records__select"
        value={query.source}
        placeholder={t('debug.server.filters.source')}
        aria-label={t('debug.server.fields.source')}
        options={CALL_SOURCES.map((s) => ({ value: s, label: t(`debug.server.sources.${s}`) }))}
        onChange={(source) => set({ source })}
        data-testid="debug-record-source"
      />
      <Select<RecordState>
        allowClear
        className="debug-records__select"
        value={query.state}
        placeholder={t('debug.server.filters.state')}
        aria-label={t('debug.server.fields.state')}
        options={DEBUG_RECORD_STATES.map((s) => ({
          value: s,
          label: t(`debug.server.states.${s}`),
        }))}
        onChange={(state) => set({ state })}
        data-testid="debug-record-state-filter"
      />
      <DatePicker.RangePicker
        allowEmpty={[true, true]}
        aria-label={t('debug.server.filters.range')}
        placeholder={[t('debug.server.filters.from'), t('debug.server.filters.to')]}
        value={query.from || query.to ? [day(query.from), day(query.to)] : null}
        onChange={(range) => set({ from: dayText(range?.[0]), to: dayText(range?.[1]) })}
        data-testid="debug-record-range"
      />
      <Button icon={<ReloadOutlined />} loading={loading} onClick={onRefresh}>
        {t('buttons.refresh')}
      </Button>
    </Space>
  );
}
