import { useCustom } from '@refinedev/core';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../contract/api';
import { Playground } from '../prompt/playground/Playground';
import type { PromptVariable } from '../prompt/types';

/** The playground of the scene's bound template, on the scene's page. */
export function ScenePlayground({ templateId }: { templateId: number }) {
  const { t } = useTranslation();
  const { query, result } = useCustom<{ variables: PromptVariable[] | null }>({
    url: apiPath('prompt', 'detail'),
    method: 'post',
    config: { payload: { id: templateId } },
    errorNotification: false,
  });
  return (
    <Card title={t('prompt.playground.title')} data-testid="scene-playground">
      {query.isLoading ? (
        <Skeleton active />
      ) : (
        <Playground templateId={templateId} variables={result.data?.variables ?? []} />
      )}
    </Card>
  );
}
