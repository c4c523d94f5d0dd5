import { useOne, type BaseRecord } from '@refinedev/core';
import { Col, Empty, Row, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { AnnotationEditor } from './mark/AnnotationEditor';
import { useItemDraft } from './mark/draft';
import { ItemCards } from './mark/ItemCards';
import { useMarkLocation } from './mark/location';
import { MarkHeader } from './mark/MarkHeader';
import { ShortcutsHelp } from './mark/ShortcutsHelp';
import { useMarkKeys } from './mark/use-mark-keys';
import { useMarking } from './mark/use-marking';
import { useMoves } from './mark/use-moves';
import { useStepper } from './mark/use-stepper';
import './corpus.css';

/**
 * Annotating a set, one item at a time (`?id=<set>&item=<item>&status=<filter>`): label,
 * recommended answer, tags and comment, saved with the version read, by buttons or keys.
 */
function Annotator({ corpus, onSaved }: { corpus: BaseRecord; onSaved(): void }) {
  const { t } = useTranslation();
  const where = useMarkLocation();
  const { status, itemId } = where;
  const stepper = useStepper(Number(corpus.id), status);
  const { moving, empty, go, changeStatus } = useMoves(stepper, where);
  const [helpOpen, setHelpOpen] = useState(false);

  const { result: item, query: itemQuery } = useOne<BaseRecord>({
    resource: 'corpus-item',
    id: itemId ?? '',
    queryOptions: { enabled: itemId !== undefined, retry: false },
    errorNotification: false,
  });
  const refetch = () => void itemQuery.refetch();
  const { value, change, conflict, setConflict, takeTheirs } = useItemDraft(item, itemId);
  const { pending, save, skip } = useMarking({
    item,
    itemId,
    value,
    refetch,
    setConflict,
    go,
    onSaved,
  });
  useMarkKeys({ ready: !!value, helpOpen, setHelpOpen, go, change, save });

  let body;
  if (empty && itemId === undefined) {
    body = <Empty description={t('corpus.mark.empty')} />;
  } else if (itemQuery.isError) {
    body = <Empty description={t('common.notFoundRecord')} />;
  } else if (!item || !value) {
    body = <Skeleton active />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ItemCards item={item} />
        </Col>
        <Col xs={24} xl={12}>
          <AnnotationEditor
            item={item}
            value={value}
            change={change}
            conflict={conflict}
            takeTheirs={takeTheirs}
            pending={pending}
            save={save}
            skip={skip}
            moving={moving}
            go={go}
          />
        </Col>
      </Row>
    );
  }

  return (
    <Space direction="vertical" size={16} className="corpus-mark">
      <MarkHeader
        corpus={corpus}
        status={status}
        onStatus={(s) => void changeStatus(s)}
        onHelp={() => setHelpOpen(true)}
        onRefresh={() => {
          onSaved();
          refetch();
        }}
      />
      {body}
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Space>
  );
}

/** The annotation page of a set (`/corpus/mark?id=`). */
export default function MarkPage() {
  const { record, query, placeholder } = useDetailRecord<BaseRecord>();
  if (placeholder || !record) return placeholder;
  return <Annotator corpus={record} onSaved={() => void query.refetch()} />;
}
