import { AppstoreOutlined, BarsOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { SceneCards } from './SceneCards';
import { sceneRenderers } from './SceneTypeTag';

export type SceneDisplay = 'card' | 'table';
export const DISPLAY_PARAM = 'display';

/** The display kept in the URL (`?display=card|table`); cards unless it says table. */
export function displayOf(params: URLSearchParams): SceneDisplay {
  return params.get(DISPLAY_PARAM) === 'table' ? 'table' : 'card';
}

/** The scene list: cards by default, or the generic table; the choice survives a reload. */
export default function SceneList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const display = displayOf(params);
  const toggle = (
    <Segmented<SceneDisplay>
      aria-label={t('scene.display.label')}
      value={display}
      onChange={(next) =>
        setParams((prev) => {
          const out = new URLSearchParams(prev);
          out.set(DISPLAY_PARAM, next);
          return out;
        })
      }
      options={[
        { value: 'card', icon: <AppstoreOutlined aria-hidden />, label: t('scene.display.card') },
        { value: 'table', icon: <BarsOutlined aria-hidden />, label: t('scene.display.table') },
      ]}
    />
  );
  return display === 'table' ? (
    <ResourceListPage renderers={sceneRenderers} toolbar={toggle} />
  ) : (
    <SceneCards toggle={toggle} />
  );
}
