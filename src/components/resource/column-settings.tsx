import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover } from 'antd';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tip } from '../Tip';

/** Where a list keeps the columns its user hid: one key per route, so scopes differ. */
export const columnsStorageKey = (routeName: string) => `columns:${routeName}`;

function readHidden(key: string): string[] {
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

function writeHidden(key: string, hidden: string[]): void {
  try {
    if (hidden.length) localStorage.setItem(key, JSON.stringify(hidden));
    else localStorage.removeItem(key);
  } catch {
    // private mode or a full storage: the choice lasts for this page only
  }
}

/**
 * The columns a user hid on one list, kept in localStorage. Hidden ones are stored (not shown
 * ones), so a column a declaration adds later shows by default.
 */
export function useHiddenColumns(routeName: string) {
  const key = columnsStorageKey(routeName);
  const [state, setState] = useState(() => ({ key, hidden: readHidden(key) }));
  // Another route rendered by the same page instance reads its own choice.
  const hidden = state.key === key ? state.hidden : readHidden(key);
  const setHidden = (next: string[]) => {
    writeHidden(key, next);
    setState({ key, hidden: next });
  };
  return { hidden: new Set(hidden), setHidden };
}

export interface ColumnChoice {
  key: string;
  title: ReactNode;
}

/** The gear button: one checkbox per column and a reset that shows them all again. */
export function ColumnSettings(props: {
  columns: ColumnChoice[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: string[]) => void;
}) {
  const { t } = useTranslation();
  const { columns, hidden, onChange } = props;
  const shown = columns.filter((c) => !hidden.has(c.key)).length;
  const content = (
    <div>
      <div className="resource-list__columns" role="group" aria-label={t('table.columns')}>
        {columns.map((c) => (
          <Checkbox
            key={c.key}
            checked={!hidden.has(c.key)}
            // The last visible column stays: a table without columns says nothing.
            disabled={!hidden.has(c.key) && shown === 1}
            onChange={(e) =>
              onChange(
                e.target.checked ? [...hidden].filter((k) => k !== c.key) : [...hidden, c.key],
              )
            }
          >
            {c.title}
          </Checkbox>
        ))}
      </div>
      <Divider style={{ margin: '8px 0' }} />
      <Button size="small" type="link" disabled={hidden.size === 0} onClick={() => onChange([])}>
        {t('table.resetColumns')}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('table.columns')} content={content}>
      <Tip title={t('table.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('table.columns')} />
      </Tip>
    </Popover>
  );
}
