import { DownloadOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../contract/api';
import type { ResourceDef } from '../../../contract/resource';
import { http } from '../../providers/api';
import { toListBody } from '../../providers/data';
import { downloadPost } from '../../providers/download';
import { feedbackMessage } from '../../providers/feedback';
import { ApiError } from '../../providers/http';

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

/**
 * Downloads the rows the list's current filters select as CSV (`<prefix>/export`, DATA-MODEL.md
 * "Export"), named as the server names the file.
 */
export function ExportButton(props: {
  def: ResourceDef;
  sorters: CrudSort[];
  filters: CrudFilter[];
  scope?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadPost(
        http,
        apiPath(props.def.prefix, 'export'),
        exportBody(props.sorters, props.filters, props.scope),
        `${props.def.name}.csv`,
      );
    } catch (err) {
      // The http interceptor has already shown a failed call's message (once, translated);
      // anything else failed here, and is said here.
      if (!(err instanceof ApiError)) void feedbackMessage().error(t('table.exportFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {t('buttons.export')}
    </Button>
  );
}
