import { DisconnectOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { endpointPath } from '../../../contract/api';
import { scene } from '../../../contract/resources/scene';
import { ResourceShowPage } from '../../components/resource/ResourceShowPage';
import { feedbackMessage } from '../../providers/feedback';
import { sceneRenderers } from './SceneTypeTag';

export default function SceneDetail() {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  return (
    <ResourceShowPage
      renderers={sceneRenderers}
      extraActions={(record, refetch) =>
        record.templateId ? (
          <Popconfirm
            title={t('scene.actions.unbindConfirm')}
            okText={t('buttons.ok')}
            cancelText={t('buttons.cancel')}
            onConfirm={() =>
              mutate(
                {
                  url: endpointPath(scene, 'unbindTemplate'),
                  method: 'post',
                  values: { id: record.id },
                  successNotification: false,
                  errorNotification: false,
                },
                {
                  onSuccess: () => {
                    void feedbackMessage().success(t('scene.actions.unbound'));
                    void invalidate({
                      resource: scene.name,
                      invalidates: ['list', 'detail'],
                      id: record.id,
                    });
                    refetch();
                  },
                },
              )
            }
          >
            <Button icon={<DisconnectOutlined />} loading={mutation.isPending}>
              {t('scene.actions.unbind')}
            </Button>
          </Popconfirm>
        ) : null
      }
    />
  );
}
