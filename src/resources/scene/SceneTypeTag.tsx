import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { sceneMode, type SceneMode } from '../../../contract/resources/scene';

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

export const sceneRenderers = { type: (value: unknown) => <SceneTypeTag value={value} /> };
