import { useCustom } from '@refinedev/core';
import { apiPath } from '../../contract/api';

interface ModelVersion {
  version: string;
  name: string;
  enabled: boolean;
}

interface Options {
  /** Off until the control that needs them shows (a closed dialog asks nothing). */
  enabled?: boolean;
  /**
   * Whether a disabled version can be picked: a new evaluation cannot run one, but the
   * statistics still count its past calls.
   */
  pickDisabled?: boolean;
}

/**
 * The model versions the platform knows (`model/version/list`) as select options, labelled
 * "GPT-4o · gpt-4o-2024-08-06" (the bare code where name and code agree).
 */
export function useModelVersionOptions({ enabled = true, pickDisabled = false }: Options = {}) {
  const { result, query } = useCustom<{ list: ModelVersion[] }>({
    url: apiPath('model', 'version', 'list'),
    method: 'post',
    config: { payload: {} },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const list = (result.data as { list?: ModelVersion[] } | undefined)?.list ?? [];
  const options = [...new Map(list.map((m) => [m.version, m])).values()].map((m) => ({
    value: m.version,
    label: m.name === m.version ? m.version : `${m.name} · ${m.version}`,
    disabled: !pickDisabled && !m.enabled,
  }));
  return { options, loading: query.isLoading };
}
