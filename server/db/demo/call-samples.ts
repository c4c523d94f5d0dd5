import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { RESOURCE_CONFIG_PATHS } from '../../../contract/resource-config-api';
import { declaration } from '../../resource-config/test-declarations';

/**
 * Sample bodies of declared calls beyond CRUD, for a row id. Bulk calls answer a count rather
 * than 40400 for rows the caller cannot see; stale versions keep everything unchanged.
 */
export const ENDPOINT_BODIES: Record<string, (id: number) => unknown> = {
  'scene.bindTemplate': (id) => ({ id, templateId: 1 }),
  'prompt.enable': (id) => ({ ids: [id] }),
  'prompt.disable': (id) => ({ ids: [id] }),
  'prompt.restore': (id) => ({ id, version: 999_999, number: 1 }),
  'prompt.submit': (id) => ({ id, version: 999_999 }),
  'prompt.approve': (id) => ({ id, version: 999_999 }),
  'prompt.reject': (id) => ({ id, version: 999_999, reason: '不合规' }),
  'prompt.gate': (id) => ({ id }),
  'prompt.gateRun': (id) => ({ id }),
  'prompt.label': (id) => ({ id, label: 'staging', number: 999_999 }),
  'prompt.unlabel': (id) => ({ id, label: 'no-such-label' }),
  'directive.enable': (id) => ({ ids: [id] }),
  'directive.disable': (id) => ({ ids: [id] }),
  'directive.reorder': (id) => ({ ids: [id] }),
  'plugin-config.enable': (id) => ({ ids: [id] }),
  'plugin-config.disable': (id) => ({ ids: [id] }),
  'corpus-item.mark': (id) => ({ id, version: 999_999, label: 'correct' }),
  'corpus-item.review': (id) => ({ id, version: 999_999, decision: 'accept' }),
  'model-evaluate.cancel': (id) => ({ id, version: 999_999 }),
  'model-evaluate.run': (id) => ({ id }),
  'model-evaluate.progress': (id) => ({ id }),
  // Calls that create: given a corpus set's id.
  'corpus-item.import': (id) => ({ corpusId: id, format: 'csv', content: 'question\n矩阵' }),
  'corpus-item.fromCall': (id) => ({ corpusId: id, callId: 1 }),
};

/**
 * Sound bodies of the admin-only calls, with what the admin gets: the call's own answer (a
 * missing row is 40400, a bad declaration 40000). Anyone else is refused before the body is read.
 */
export const ADMIN_CALL_BODIES: Record<string, [unknown, number]> = {
  [apiPath('user', 'page')]: [{ pageSize: 100 }, Code.OK],
  [apiPath('user', 'create')]: [
    { userName: 'matrix.new', password: 'Matrix1', role: 'user' },
    Code.OK,
  ],
  [apiPath('user', 'update')]: [{ id: '999', version: 1, name: 'x' }, Code.NOT_FOUND],
  [apiPath('user', 'disable')]: [{ id: '999' }, Code.NOT_FOUND],
  [apiPath('user', 'enable')]: [{ id: '999' }, Code.NOT_FOUND],
  [apiPath('user', 'reset-password')]: [{ id: '999', password: 'Matrix1' }, Code.NOT_FOUND],
  [apiPath('model', 'version', 'create')]: [
    { modelType: 'CHATGPT', name: 'matrix', version: 'matrix-1', enabled: true },
    Code.OK,
  ],
  [apiPath('model', 'version', 'update')]: [{ id: 999_999, name: 'x' }, Code.NOT_FOUND],
  [apiPath('model', 'version', 'delete')]: [{ id: 999_999 }, Code.NOT_FOUND],
  [apiPath('model', 'version', 'test')]: [{ id: 999_999 }, Code.NOT_FOUND],
  [apiPath('api-key', 'page')]: [{ pageSize: 100 }, Code.OK],
  [apiPath('api-key', 'create')]: [{ name: 'matrix', scopes: ['prompts:read'] }, Code.OK],
  [apiPath('api-key', 'revoke')]: [{ id: 'no-such-key' }, Code.NOT_FOUND],
  // Resource declarations: a missing one is 40400, a bad one 40000.
  [RESOURCE_CONFIG_PATHS.list]: [{}, Code.OK],
  [RESOURCE_CONFIG_PATHS.detail]: [{ name: 'nope' }, Code.NOT_FOUND],
  [RESOURCE_CONFIG_PATHS.check]: [{ declaration: {} }, Code.OK],
  [RESOURCE_CONFIG_PATHS.create]: [{ declaration: { name: 'matrix' } }, Code.INVALID],
  [RESOURCE_CONFIG_PATHS.update]: [
    { name: 'nope', version: 1, declaration: declaration('nope') },
    Code.NOT_FOUND,
  ],
  [RESOURCE_CONFIG_PATHS.enable]: [{ name: 'nope', version: 1, enabled: false }, Code.NOT_FOUND],
  [RESOURCE_CONFIG_PATHS.delete]: [{ name: 'nope', version: 1, confirm: 'nope' }, Code.NOT_FOUND],
  [RESOURCE_CONFIG_PATHS.history]: [{ name: 'nope' }, Code.OK],
  [RESOURCE_CONFIG_PATHS.import]: [{ resources: [] }, Code.OK],
  [RESOURCE_CONFIG_PATHS.export]: [{}, Code.OK],
  [RESOURCE_CONFIG_PATHS.schema]: [{}, Code.OK],
};
