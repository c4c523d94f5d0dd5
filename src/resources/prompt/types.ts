import type { BaseRecord } from '@refinedev/core';
import type { PromptVariable } from '../../../contract/prompt-variables';
import type { ReviewState, VersionState } from '../../../contract/resources/prompt';

export { VARIABLE_TYPES } from '../../../contract/prompt-variables';
export type { PromptVariable, VariableType } from '../../../contract/prompt-variables';

/** Limits the server checks too; the editor says so before a round trip. */
export const LIMITS = {
  title: 128,
  content: 20_000,
  description: 1000,
  note: 200,
  variables: 50,
  variableName: 64,
  options: 50,
  reason: 500,
} as const;

export type { ReviewState, VersionState };

/** A template as detail and page answer it. */
export interface PromptRecord extends BaseRecord {
  id: number;
  version: number;
  title: string;
  sceneCode?: string | null;
  sceneName?: string | null;
  type?: string;
  status?: number;
  isPublic?: number;
  content?: string;
  variables?: PromptVariable[] | null;
  description?: string | null;
  note?: string | null;
  tags?: string[];
  ownerId?: string | null;
  liveVersion?: number | null;
  pendingVersion?: number | null;
  reviewState?: ReviewState | null;
  createdAt?: string;
  updatedAt?: string;
}

/** One saved change of a template (`prompt/versions`). */
export interface PromptVersion {
  number: number;
  state: VersionState;
  title: string;
  sceneCode?: string | null;
  type?: string;
  content: string;
  variables?: PromptVariable[] | null;
  description?: string | null;
  note?: string | null;
  authorId?: string | null;
  authorName?: string | null;
  createdAt?: string;
  reviewerId?: string | null;
  reviewerName?: string | null;
  reviewedAt?: string | null;
  reason?: string | null;
  /** Why an admin approved it without its release gate passing. */
  gateOverride?: string | null;
  /** The labels pointing at it (platform templates only): `production` on the live one. */
  labels?: string[];
}

/** The fields a template's editor writes. */
export interface PromptValues {
  title: string;
  sceneCode?: string | null;
  type: string;
  description?: string | null;
  note?: string | null;
  content: string;
  variables: PromptVariable[];
  /** Not versioned: saved with any change, live at once. */
  tags?: string[];
}
