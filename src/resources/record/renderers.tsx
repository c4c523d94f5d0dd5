import type { BaseRecord } from '@refinedev/core';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type FieldRenderers } from '../../components/resource/field-format';
import { TagList } from './tags';
import { EmptyCell, InlineGroup, SecondaryText } from '../../components/resource/cells';
import { ShortId } from '../../components/resource/ShortId';

/** A session's type: 0 prompt mode, 1 chat mode. */
export function RecordTypeTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value !== 0 && value !== 1 && value !== '0' && value !== '1') return <EmptyCell />;
  const chat = String(value) === '1';
  return <Tag color={chat ? 'processing' : 'purple'}>{t(`record.enums.type.${chat ? 1 : 0}`)}</Tag>;
}

/** A scene as operators know it: its name, with the code beside it. */
export function SceneLabel({ name, code }: { name: unknown; code: unknown }) {
  const hasName = typeof name === 'string' && name !== '';
  const hasCode = typeof code === 'string' && code !== '';
  if (!hasName && !hasCode) return <EmptyCell />;
  return (
    <InlineGroup>
      {hasName && <span>{name}</span>}
      {hasCode && <SecondaryText code={hasName}>{code}</SecondaryText>}
    </InlineGroup>
  );
}

/**
 * The scene cell of a list: the name the server answers beside the code (`sceneName`), when
 * the list hands the row to its renderers; the code alone otherwise.
 */
export function sceneCell(value: unknown, row?: BaseRecord) {
  return <SceneLabel name={row?.sceneName} code={value} />;
}

/** A session's chat ID, shortened, with its copy button. */
function ChatId({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return <ShortId value={value} label={t('record.fields.chatId')} />;
}

/** Cells of the session list that the generic renderer would show as raw values. */
export const recordRenderers: FieldRenderers = {
  chatId: (value) => <ChatId value={value} />,
  sceneCode: sceneCell,
  type: (value) => <RecordTypeTag value={value} />,
  tag: (value) => <TagList value={value} />,
  modifiedAt: (value) => formatDateTime(value) || undefined,
};
