import type { BaseRecord } from '@refinedev/core';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { sceneMode, type SceneMode } from '../../../contract/resources/scene';
import type { FieldRenderers } from '../../components/resource/field-format';

function modeOrError(value: unknown): SceneMode | Error {
  try {
    return sceneMode(value);
  } catch (error) {
    return error as Error;
  }
}

/**
 * A scene's mode. The type goes through sceneMode, which throws on a value the backend should
 * never send (spec §3, §8); the tag then says so instead of guessing a mode.
 */
export function SceneTypeTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const mode = modeOrError(value);
  if (mode instanceof Error) {
    return (
      <Tag color="error" title={mode.message}>
        {t('scene.unexpectedType')}
      </Tag>
    );
  }
  return (
    <Tag color={mode === 'chat' ? 'processing' : 'purple'}>
      {t(`scene.enums.type.${mode === 'chat' ? 1 : 0}`)}
    </Tag>
  );
}

/** Bound template cell: the title the server answers beside the id, when the row is given. */
function templateCell(value: unknown, row?: BaseRecord) {
  if (value === null || value === undefined) return undefined;
  const title = row?.templateTitle;
  return typeof title === 'string' && title ? title : `#${String(value)}`;
}

export const sceneRenderers: FieldRenderers = {
  type: (value: unknown) => <SceneTypeTag value={value} />,
  templateId: templateCell,
};
