import { FormOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HoverTip } from '../../components/resource/cells';
import type { FieldRenderers } from '../../components/resource/field-format';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { routeByName } from '../../routes/table';
import { useAccess } from '../view';
import { countsOf, CountBar, StateTag } from './renderers';
import './corpus.css';

/** The annotation page of a set. */
export const MARK_ROUTE = 'corpus.mark';

export function markPath(corpusId: unknown, itemId?: unknown): string {
  const path = routeByName(MARK_ROUTE)?.path ?? '/corpus/mark';
  const item = itemId === undefined || itemId === null ? '' : `&item=${String(itemId)}`;
  return `${path}?id=${String(corpusId)}${item}`;
}

function useRenderers(): FieldRenderers {
  const { t } = useTranslation();
  return {
    state: (value) => <StateTag value={value} />,
    annotatedCount: (_, record) => {
      const c = countsOf(record);
      return (
        <CountBar value={c.annotated} total={c.items} label={t('corpus.fields.annotatedCount')} />
      );
    },
    reviewedCount: (_, record) => {
      const c = countsOf(record);
      return (
        <CountBar value={c.reviewed} total={c.items} label={t('corpus.fields.reviewedCount')} />
      );
    },
  };
}

/** Corpus sets: counts with progress bars, and a row action straight to annotating. */
export default function CorpusList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { canOpen } = useAccess();
  const renderers = useRenderers();
  const mayMark = canOpen(routeByName(MARK_ROUTE));
  return (
    <ResourceListPage
      renderers={renderers}
      rowActions={(record: BaseRecord) =>
        mayMark && (
          <HoverTip title={t('corpus.actions.annotate')}>
            <Button
              size="small"
              type="text"
              icon={<FormOutlined />}
              aria-label={t('corpus.actions.annotate')}
              onClick={() => navigate(markPath(record.id))}
            />
          </HoverTip>
        )
      }
    />
  );
}
