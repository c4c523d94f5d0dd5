import { DownloadOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { Button, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../contract/api';
import type { ResourceDef } from '../../../contract/resource';
import { formatCount } from '../charts/format';
import { http } from '../../providers/api';
import { toListBody } from '../../providers/data';
import { downloadPost, type DownloadFormat } from '../../providers/download';
import { feedbackMessage } from '../../providers/feedback';
import { ApiError } from '../../providers/http';
import { displayTimeZone } from './field-format';

/** An export running longer than this shows how far it got, and a way to stop it. */
export const EXPORT_PROGRESS_AFTER_MS = 1000;

/** The export body: the list body of the current sort and filters, without paging. */
export function exportBody(
  sorters: CrudSort[],
  filters: CrudFilter[],
  scope: string | undefined,
): Record<string, unknown> {
  const {
    current: _current,
    pageSize: _pageSize,
    ...rest
  } = toListBody(undefined, sorters, filters);
  return scope ? { ...rest, scope } : rest;
}

export interface ExportRun {
  busy: boolean;
  /** Past EXPORT_PROGRESS_AFTER_MS: the progress and its cancel button show. */
  slow: boolean;
  /** Records received so far. */
  rows: number;
  run(
    url: string,
    body: Record<string, unknown>,
    fallbackName: string,
    format: DownloadFormat,
  ): Promise<void>;
  cancel(): void;
}

/**
 * Runs one export at a time: downloads `<prefix>/export` (DATA-MODEL.md "Export") with times
 * in the zone the console shows them, counts the records as they arrive, and aborts the
 * request on cancel or when the page goes away (the server then stops reading rows).
 */
export function useExport(): ExportRun {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [slow, setSlow] = useState(false);
  const [rows, setRows] = useState(0);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run: ExportRun['run'] = async (url, body, fallbackName, format) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setRows(0);
    const timer = setTimeout(() => setSlow(true), EXPORT_PROGRESS_AFTER_MS);
    try {
      await downloadPost(
        http,
        url,
        { ...body, format, timeZone: displayTimeZone() },
        fallbackName,
        { signal: controller.signal, format, onRows: setRows },
      );
    } catch (err) {
      // The http interceptor has already shown a failed call's message (once, translated);
      // a cancel is no failure; anything else failed here, and is said here.
      if (controller.signal.aborted) void feedbackMessage().info(t('table.export.cancelled'));
      else if (!(err instanceof ApiError)) void feedbackMessage().error(t('table.exportFailed'));
    } finally {
      clearTimeout(timer);
      running.current = null;
      setBusy(false);
      setSlow(false);
    }
  };
  return { busy, slow, rows, run, cancel: () => running.current?.abort() };
}

/** How many records an export has received, with the button that stops it (once it is slow). */
export function ExportProgress({ exporting }: { exporting: ExportRun }) {
  const { t, i18n } = useTranslation();
  if (!exporting.busy || !exporting.slow) return null;
  return (
    <Space size={4} data-testid="export-progress">
      <Typography.Text type="secondary" role="status" aria-live="polite">
        {t('table.export.progress', {
          count: exporting.rows,
          rows: formatCount(exporting.rows, i18n.language),
        })}
      </Typography.Text>
      <Button size="small" onClick={exporting.cancel}>
        {t('table.export.cancel')}
      </Button>
    </Space>
  );
}

/**
 * Downloads the rows the list's current filters select as CSV, named as the server names the
 * file; a long export shows its progress and can be cancelled.
 */
export function ExportButton(props: {
  def: ResourceDef;
  sorters: CrudSort[];
  filters: CrudFilter[];
  scope?: string;
}) {
  const { t } = useTranslation();
  const exporting = useExport();
  const run = () =>
    exporting.run(
      apiPath(props.def.prefix, 'export'),
      exportBody(props.sorters, props.filters, props.scope),
      `${props.def.name}.csv`,
      'csv',
    );
  // Beside the button, in the toolbar's own row.
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={exporting.busy} onClick={() => void run()}>
        {t('buttons.export')}
      </Button>
      <ExportProgress exporting={exporting} />
    </>
  );
}
