import { CheckCircleOutlined, DeleteOutlined, StopOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, type BaseKey } from '@refinedev/core';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ask } from '../Ask';
import { apiPath } from '../../../contract/api';
import type { Action, ResourceDef, Role } from '../../../contract/resource';
import { feedbackMessage } from '../../providers/feedback';

export type BulkKind = 'enable' | 'disable' | 'delete';

/** What one bulk call answers: enable / disable count the rows changed, delete lists them. */
interface BulkAnswer {
  count?: number;
  ids?: BaseKey[];
}

/** The bulk calls this role may make on a resource: delete, and the declared enable / disable. */
export function bulkKinds(
  def: ResourceDef,
  can: (action: Action) => boolean,
  role: Role | null,
): BulkKind[] {
  const kinds: BulkKind[] = [];
  for (const kind of ['enable', 'disable'] as const) {
    const endpoint = def.endpoints?.[kind];
    // The declaration may keep a call to some roles on top of the policy (EndpointDef.roles).
    const roles = (endpoint as { roles?: readonly string[] } | undefined)?.roles;
    if (endpoint && can('edit') && (!roles || (!!role && roles.includes(role)))) kinds.push(kind);
  }
  if (can('delete')) kinds.push('delete');
  return kinds;
}

function bulkUrl(def: ResourceDef, kind: BulkKind): string {
  const path = kind === 'delete' ? 'delete' : (def.endpoints?.[kind]?.path ?? kind);
  return apiPath(def.prefix, path);
}

const ICONS = {
  enable: <CheckCircleOutlined />,
  disable: <StopOutlined />,
  delete: <DeleteOutlined />,
};

/**
 * The bar over a list with rows selected: how many, and the bulk calls this role may make, each
 * confirmed naming the count. On success it says how many rows changed, then clears the
 * selection and refreshes the list.
 */
export function BulkBar(props: {
  def: ResourceDef;
  kinds: BulkKind[];
  selected: BaseKey[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { def, kinds, selected, onDone } = props;
  const { mutate, mutation } = useCustomMutation<BulkAnswer>();
  const invalidate = useInvalidate();
  if (!selected.length) return null;
  const count = selected.length;

  const run = (kind: BulkKind) =>
    mutate(
      {
        url: bulkUrl(def, kind),
        method: 'post',
        values: { ids: selected },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          const changed = data?.count ?? data?.ids?.length ?? count;
          void feedbackMessage().success(t(`table.bulk.${kind}Done`, { count: changed }));
          onDone();
          void invalidate({ resource: def.name, invalidates: ['list', 'many', 'detail'] });
        },
      },
    );

  return (
    <div className="resource-list__bulk" role="toolbar" aria-label={t('table.bulk.label')}>
      <Typography.Text>{t('table.bulk.selected', { count })}</Typography.Text>
      {kinds.map((kind) => (
        <Ask
          key={kind}
          title={t(`table.bulk.${kind}Confirm`, { count })}
          okText={t(`table.bulk.${kind}`)}
          cancelText={t('buttons.cancel')}
          okButtonProps={{ danger: kind === 'delete' }}
          onConfirm={() => run(kind)}
        >
          <Button
            size="small"
            danger={kind === 'delete'}
            icon={ICONS[kind]}
            loading={mutation.isPending && mutation.variables?.url === bulkUrl(def, kind)}
          >
            {t(`table.bulk.${kind}`)}
          </Button>
        </Ask>
      ))}
      <Button size="small" type="link" onClick={onDone}>
        {t('table.bulk.clear')}
      </Button>
    </div>
  );
}
