import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  SaveOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Direction } from '../navigation';
import { ConflictAlert } from './ConflictAlert';
import type { Draft } from './draft';
import { DraftFields } from './DraftFields';
import { Kbd } from './ShortcutsHelp';

/**
 * The operator's annotation of the item: the conflict (when a save met a newer one), the
 * fields, save / skip, and previous / next.
 */
export function AnnotationEditor(props: {
  item: BaseRecord;
  value: Draft;
  change(patch: Partial<Draft>): void;
  conflict: boolean;
  takeTheirs(): void;
  pending: boolean;
  save(): void;
  skip(): void;
  moving: boolean;
  go(dir: Direction): Promise<boolean>;
}) {
  const { t } = useTranslation();
  const { item, value, change, conflict, takeTheirs, pending, save, skip, moving, go } = props;
  return (
    <Card size="small" title={t('corpus.mark.yourAnnotation')}>
      <Space direction="vertical" size={16} className="corpus-mark__editor">
        {conflict && (
          <ConflictAlert
            item={item}
            pending={pending}
            onKeepMine={save}
            onTakeTheirs={takeTheirs}
          />
        )}
        <DraftFields value={value} change={change} />
        <Space wrap className="corpus-mark__nav">
          <Space wrap>
            <Button
              type="primary"
              icon={<SaveOutlined aria-hidden />}
              loading={pending}
              onClick={save}
            >
              {t('corpus.mark.saveNext')}
              <Kbd>Ctrl+Enter</Kbd>
            </Button>
            <Button icon={<StepForwardOutlined aria-hidden />} onClick={skip} disabled={pending}>
              {t('corpus.mark.skip')}
            </Button>
          </Space>
          <Space wrap>
            <Button
              icon={<ArrowLeftOutlined aria-hidden />}
              onClick={() => void go('prev')}
              loading={moving}
            >
              {t('corpus.mark.previous')}
            </Button>
            <Button onClick={() => void go('next')} loading={moving}>
              {t('corpus.mark.next')}
              <ArrowRightOutlined aria-hidden />
            </Button>
          </Space>
        </Space>
      </Space>
    </Card>
  );
}
