import { useCustom, useCustomMutation, type HttpError } from '@refinedev/core';
import { endpointPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { prompt } from '../../../contract/resources/prompt';
import type { PromptRecord, PromptVersion } from './types';

/** The template calls beyond CRUD (docs/DATA-MODEL.md "Prompt template"). */
export const PROMPT_CALLS = {
  versions: endpointPath(prompt, 'versions'),
  restore: endpointPath(prompt, 'restore'),
  submit: endpointPath(prompt, 'submit'),
  approve: endpointPath(prompt, 'approve'),
  reject: endpointPath(prompt, 'reject'),
  gate: endpointPath(prompt, 'gate'),
  gateRun: endpointPath(prompt, 'gateRun'),
  enable: endpointPath(prompt, 'enable'),
  disable: endpointPath(prompt, 'disable'),
} as const;

export type PromptCall = keyof typeof PROMPT_CALLS;

/** The label calls of a platform template (admin); they answer its labels, not the template. */
const LABEL_CALLS = {
  label: endpointPath(prompt, 'label'),
  unlabel: endpointPath(prompt, 'unlabel'),
} as const;

/** A template's labels and the version number each points at; `production` is the live one. */
export type PromptLabels = Record<string, number>;

interface VersionList {
  list: PromptVersion[];
  total: number;
}

/** `prompt/versions {id}`: every saved change, newest first. */
export function usePromptVersions(id: number | string | undefined) {
  const { query, result } = useCustom<VersionList>({
    url: PROMPT_CALLS.versions,
    method: 'post',
    config: { payload: { id: Number(id) } },
    queryOptions: { enabled: id !== undefined && id !== '', retry: false },
    errorNotification: false,
  });
  return { versions: result.data?.list ?? [], query };
}

/**
 * One of the template calls as a promise (the interceptor already toasts a failure, so
 * refine's notices stay off).
 */
export function usePromptCall() {
  const { mutateAsync, mutation } = useCustomMutation<PromptRecord>();
  const call = async (name: PromptCall, body: Record<string, unknown>): Promise<PromptRecord> => {
    const { data } = await mutateAsync({
      url: PROMPT_CALLS[name],
      method: 'post',
      values: body,
      successNotification: false,
      errorNotification: false,
    });
    return data;
  };
  return { call, pending: mutation.isPending };
}

/**
 * `prompt/label {id, label, number}` (points a label at a version, moving it if it pointed at
 * another) and `prompt/unlabel {id, label}`, as promises of the template's labels. As
 * usePromptCall, the interceptor toasts a failure.
 */
export function usePromptLabelCall() {
  const { mutateAsync, mutation } = useCustomMutation<{ labels: PromptLabels }>();
  const call = async (
    name: keyof typeof LABEL_CALLS,
    body: { id: number; label: string; number?: number },
  ): Promise<PromptLabels> => {
    const { data } = await mutateAsync({
      url: LABEL_CALLS[name],
      method: 'post',
      values: body,
      successNotification: false,
      errorNotification: false,
    });
    return data.labels;
  };
  return { call, pending: mutation.isPending };
}

/** A stale `version` (someone else saved first). */
export function isConflict(error: unknown): boolean {
  const e = error as Partial<HttpError> | null;
  return e?.statusCode === 409 || e?.code === Code.CONFLICT;
}
