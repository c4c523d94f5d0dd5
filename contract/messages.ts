import type { Locale } from './locale';

/**
 * Texts the server puts in `msg` and in `data.issues[].message`, in both locales.
 * The client shows `msg` as it comes (spec §8), so the server answers in the caller's
 * language, chosen from the Accept-Language header the console always sends.
 */
const zh = {
  ok: '成功',
  invalid: '请求参数有误',
  invalidField: '{field}：{reason}',
  required: '必填',
  expectedType: '应为{expected}类型',
  tooShort: '长度不能少于 {min}',
  tooLong: '长度不能超过 {max}',
  tooSmall: '不能小于 {min}',
  tooBig: '不能大于 {max}',
  notOneOf: '取值必须是 {options} 之一',
  badFormat: '格式不正确',
  unknownField: '不支持的字段 {field}',
  scopeMismatch: '与所选范围不符',
  forbidden: '没有权限执行此操作',
  notFound: '记录不存在或已删除',
  routeNotFound: '接口不存在',
  conflict: '记录已被他人修改，请刷新后重试',
  duplicate: '{field} 已存在',
  tooMany: '请求过于频繁，请稍后再试',
  internal: '服务器内部错误',
  unavailable: '数据库暂时无法访问，请稍后重试',
  tokenInvalid: '未登录或登录凭证无效',
  sessionEnded: '登录状态已失效，请重新登录',
  tokenExpired: '登录已过期，请重新登录',
  loginFailed: '用户名或密码错误',
  bodyTooLarge: '请求体过大',
  badJson: '请求体不是合法的 JSON',
  tooManyFields: '字段数不能超过 {max}',
  tooManyValues: '元素总数不能超过 {max}',
  tooDeep: '嵌套层级不能超过 {max}',
  badCharacters: '包含无效字符',
  badUrl: '必须是 http:// 或 https:// 开头的网址',
  duplicateTag: '标签不能重复',
  immutable: '{field} 创建后不可修改',
  missingVariable: '占位符 {name} 没有对应的变量',
  unusedVariable: '变量 {name} 未在模板中使用',
  wrongReviewState: '当前审核状态为「{state}」，不能执行此操作',
  noSuchVersion: '版本 {number} 不存在',
  templateUnavailable: '模板不存在、不可见或已停用',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ok: 'ok',
  invalid: 'Invalid request',
  invalidField: '{field}: {reason}',
  required: 'is required',
  expectedType: 'must be of type {expected}',
  tooShort: 'must be at least {min} characters',
  tooLong: 'must be at most {max} characters',
  tooSmall: 'must be at least {min}',
  tooBig: 'must be at most {max}',
  notOneOf: 'must be one of {options}',
  badFormat: 'has an invalid format',
  unknownField: 'unsupported field {field}',
  scopeMismatch: 'does not match the chosen scope',
  forbidden: 'You do not have permission to do this',
  notFound: 'The record does not exist or was deleted',
  routeNotFound: 'No such endpoint',
  conflict: 'Someone else changed this record; reload and try again',
  duplicate: '{field} already exists',
  tooMany: 'Too many requests; try again later',
  internal: 'Internal server error',
  unavailable: 'The database cannot be reached right now; try again shortly',
  tokenInvalid: 'Not logged in or the token is invalid',
  sessionEnded: 'Your session has ended; please log in again',
  tokenExpired: 'Your login has expired; please log in again',
  loginFailed: 'Wrong user name or password',
  bodyTooLarge: 'The request body is too large',
  badJson: 'The request body is not valid JSON',
  tooManyFields: 'must have at most {max} fields',
  tooManyValues: 'must hold at most {max} values',
  tooDeep: 'must be nested at most {max} levels deep',
  badCharacters: 'contains invalid characters',
  badUrl: 'must be a URL starting with http:// or https://',
  duplicateTag: 'must not repeat a tag',
  immutable: '{field} cannot be changed after creation',
  missingVariable: 'placeholder {name} has no variable',
  unusedVariable: 'variable {name} is not used in the template',
  wrongReviewState: 'not possible while the review state is "{state}"',
  noSuchVersion: 'version {number} does not exist',
  templateUnavailable: 'the template does not exist, is not visible or is disabled',
};

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zh, 'en-US': en };

export function message(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return MESSAGES[locale][key].replace(/\{(\w+)\}/g, (_, name: string) =>
    name in params ? String(params[name]) : `{${name}}`,
  );
}
