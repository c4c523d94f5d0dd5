import { z } from 'zod';
import { qualityInspectionList, rulesPresetList, serviceList } from '../cards';
import { policyPage, policyRows } from '../policy';
import { profileBasic, operationLog } from '../profile';
import { mockRoute, type MockRoute } from '../route';
import {
  channelFormBody,
  okSchema,
  operationLogSchema,
  policyPageSchema,
  policyQuery,
  profileBasicSchema,
  qualityInspectionSchema,
  rulePresetSchema,
  serviceCardSchema,
} from '../schemas';

/** The sample list, form and profile pages. */
export const listRoutes: readonly MockRoute[] = [
  mockRoute({
    method: 'GET',
    url: '/api/list/quality-inspection',
    summary: 'Sample card list: content quality-inspection queues',
    answer: z.array(qualityInspectionSchema),
    handle: () => qualityInspectionList(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/list/the-service',
    summary: 'Sample card list: services with a button',
    answer: z.array(serviceCardSchema),
    handle: () => serviceList(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/list/rules-preset',
    summary: 'Sample card list: preset rules with a switch',
    answer: z.array(rulePresetSchema),
    handle: () => rulesPresetList(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/list/policy',
    summary: 'Sample search table: one page of the 55 policy rows, with optional filters',
    query: policyQuery,
    answer: policyPageSchema,
    handle: ({ query, now }) => policyPage(policyRows(now), query),
  }),
  mockRoute({
    method: 'POST',
    url: '/api/channel-form/submit',
    summary: 'Sample step form: checks the fields it knows and answers ok',
    body: channelFormBody,
    answer: okSchema,
    handle: () => 'ok' as const,
  }),
  mockRoute({
    method: 'GET',
    url: '/api/profile/basic',
    summary: 'Sample basic profile: video and audio parameters',
    answer: profileBasicSchema,
    handle: () => profileBasic(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/operation/log',
    summary: 'Sample operation log of the basic profile',
    answer: z.array(operationLogSchema),
    handle: ({ now }) => operationLog(now),
  }),
];
