import { useSelect } from '@refinedev/antd';
import { Checkbox, DatePicker, Radio, Segmented, Select, Space, type GetRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GRANULARITIES } from '../../../../contract/statistics-calendar';
import type { Granularity } from '../../../../contract/statistics';
import { KEYWORD_FIELD } from '../../../providers/data';
import { useModelVersionOptions } from '../../../components/model-version-options';
import {
  isDateDisabled,
  presetRange,
  PRESETS,
  type RangeChoice,
  type StatisticFilters,
} from './filters';

const DATE = 'YYYY-MM-DD';

/**
 * Scenes to pick from, searched on the server by keyword. The chosen scene is offered even
 * when the first page of the search does not hold it (a shared link to a scene far down the
 * list, or a deleted scene that still has calls), under the name the statistics answered.
 */
function SceneSelect({
  value,
  knownName,
  onChange,
  id,
}: {
  value: string | undefined;
  knownName: string | undefined;
  onChange: (code: string | undefined) => void;
  id: string;
}) {
  const { t } = useTranslation();
  const { selectProps } = useSelect({
    resource: 'scene',
    optionValue: 'sceneCode',
    optionLabel: 'sceneName',
    pagination: { pageSize: 50, mode: 'server' },
    onSearch: (keyword) => [{ field: KEYWORD_FIELD, operator: 'eq', value: keyword }],
    errorNotification: false,
  });
  const options = selectProps.options ?? [];
  const listed = options.some((o) => o.value === value);
  return (
    <Select<string>
      id={id}
      aria-label={t('statistics.filters.scene')}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      className="statistics-filters__select"
      data-testid="statistics-scene"
      options={value && !listed ? [{ value, label: knownName ?? value }, ...options] : options}
      value={value}
      onChange={(next) => onChange(typeof next === 'string' && next ? next : undefined)}
      placeholder={t('statistics.filters.allScenes')}
      allowClear
      showSearch
      filterOption={false}
    />
  );
}

/**
 * The filter row: a preset or custom range (at most 366 days, never past today in the
 * platform's zone), a scene, a model version and the granularity. Every change is handed up
 * whole; the page writes it into the URL.
 */
export function FilterBar({
  filters,
  today,
  sceneName,
  onChange,
}: {
  filters: StatisticFilters;
  today: string;
  /** The chosen scene's name as the statistics answered it, for a scene the picker lacks. */
  sceneName: string | undefined;
  onChange: (next: StatisticFilters) => void;
}) {
  const { t } = useTranslation();
  const ids = { range: useId(), scene: useId(), model: useId(), granularity: useId() };
  const models = useModelVersionOptions({ pickDisabled: true });
  const datesRef = useRef<GetRef<typeof DatePicker.RangePicker>>(null);
  const [datesOpen, setDatesOpen] = useState(false);
  // The same pair until the dates change: the picker starts its pick over whenever it is handed
  // a new value, so a re-render between two clicks (an answer arriving) lost the first date.
  const dates = useMemo(
    (): [Dayjs, Dayjs] => [dayjs(filters.startDate), dayjs(filters.endDate)],
    [filters.startDate, filters.endDate],
  );

  const pickRange = (range: RangeChoice) => {
    onChange(
      range === 'custom'
        ? { ...filters, range }
        : { ...filters, range, ...presetRange(range, today) },
    );
  };
  // "Custom" says the operator wants to pick dates: the picker opens on its start date, each
  // time the option is chosen (a second click on it too). The picker opens on a click of its
  // own, not on focus, hence the open state; both wait for the radio's click to end, which
  // would otherwise take the focus back.
  const openDates = () => {
    window.setTimeout(() => {
      datesRef.current?.focus();
      setDatesOpen(true);
    }, 0);
  };
  const pickDates = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = dates ?? [];
    if (!start || !end) return;
    onChange({
      ...filters,
      range: 'custom',
      startDate: start.format(DATE),
      endDate: end.format(DATE),
    });
  };

  return (
    <div className="statistics-filters" data-testid="statistics-filters">
      <Space wrap size={[12, 8]}>
        <Radio.Group
          optionType="button"
          value={filters.range}
          onChange={(e) => pickRange(e.target.value as RangeChoice)}
          aria-label={t('statistics.filters.range')}
          data-testid="statistics-range"
        >
          {PRESETS.map((p) => (
            <Radio.Button key={p} value={p}>
              {t(`statistics.filters.presets.${p}`)}
            </Radio.Button>
          ))}
          <Radio.Button value="custom" onClick={openDates}>
            {t('statistics.filters.presets.custom')}
          </Radio.Button>
        </Radio.Group>
        <DatePicker.RangePicker
          ref={datesRef}
          open={datesOpen}
          onOpenChange={setDatesOpen}
          id={ids.range}
          aria-label={t('statistics.filters.range')}
          data-testid="statistics-dates"
          value={dates}
          allowClear={false}
          disabledDate={(date, info) =>
            isDateDisabled(date.format(DATE), today, info.from?.format(DATE))
          }
          onChange={pickDates}
        />
      </Space>
      <Space wrap size={[12, 8]}>
        <SceneSelect
          id={ids.scene}
          value={filters.sceneCode}
          knownName={sceneName}
          onChange={(sceneCode) => onChange({ ...filters, sceneCode })}
        />
        <Select<string>
          id={ids.model}
          className="statistics-filters__select"
          data-testid="statistics-model"
          aria-label={t('statistics.filters.model')}
          placeholder={t('statistics.filters.allModels')}
          value={filters.modelVersion}
          loading={models.loading}
          options={
            filters.modelVersion && !models.options.some((o) => o.value === filters.modelVersion)
              ? [{ value: filters.modelVersion, label: filters.modelVersion }, ...models.options]
              : models.options
          }
          onChange={(modelVersion) =>
            onChange({ ...filters, modelVersion: modelVersion || undefined })
          }
          allowClear
          showSearch
          optionFilterProp="label"
        />
        <Checkbox
          data-testid="statistics-trials"
          checked={!!filters.excludeTrials}
          onChange={(e) => onChange({ ...filters, excludeTrials: e.target.checked || undefined })}
        >
          {t('statistics.filters.excludeTrials')}
        </Checkbox>
        <Segmented<Granularity>
          id={ids.granularity}
          aria-label={t('statistics.filters.granularity')}
          data-testid="statistics-granularity"
          value={filters.granularity}
          onChange={(granularity) => onChange({ ...filters, granularity })}
          options={GRANULARITIES.map((g) => ({
            value: g,
            label: t(`statistics.filters.granularities.${g}`),
          }))}
        />
      </Space>
    </div>
  );
}
