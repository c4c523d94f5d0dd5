import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { callRenderers, tokenColumns } from './renderers';

/**
 * Template calls: the declared columns and filters (template, scene, user, call time, rating,
 * keyword), with ratings as coloured tags, variables as name=value tags and the token counts.
 */
export default function CallList() {
  const { t, i18n } = useTranslation();
  return (
    <ResourceListPage renderers={callRenderers} extraColumns={tokenColumns(t, i18n.language)} />
  );
}
