import { z } from 'zod';
import { safeString, urlString } from '../contract/resource-schema';
import {
  DATA_CHAIN_QUOTAS,
  MESSAGE_TYPES,
  POLICY_CONTENT_TYPES,
  POLICY_CURRENT,
  POLICY_FILTER_TYPES,
  POLICY_MAX_PAGE_SIZE,
  POLICY_PAGE_SIZE,
  POLICY_STATUSES,
  POPULAR_TYPES,
  PUBLIC_OPINION_QUOTAS,
} from './constants';
import type {
  Certification,
  ChatItem,
  ContentDataPoint,
  ContentPeriodAnalysis,
  ContentPublishSeries,
  DataChainGrowth,
  DataOverview,
  LatestActivity,
  Message,
  OperationLog,
  PolicyPage,
  PopularAuthorList,
  PopularItem,
  ProfileBasic,
  Project,
  ProjectAndTeam,
  PublicOpinionAnalysis,
  QualityInspectionCard,
  RulePresetCard,
  ServiceCard,
  Team,
  Visits,
} from './types';

/*
 * zod schemas of the sample calls: what they take (validated; a failure answers 50000) and what
 * they answer (checked by the serializer, so the data can never drift from mock/types.ts).
 */

// --- What the calls take ---------------------------------------------------------------------

/** A query parameter a form may send empty: '' counts as absent. */
function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

export const popularQuery = z.object({
  type: optionalParam(z.enum(POPULAR_TYPES)).transform((t) => t ?? 'text'),
});

/** One end of the createdTime range: empty (open), a UTC day or an ISO instant. */
const rangeEnd = z.union([z.literal(''), z.iso.date(), z.iso.datetime({ offset: true })]);

/** `a,b` or the key sent twice → [a, b]; a single value is the range's start. */
function rangePair(value: unknown): unknown {
  const parts = typeof value === 'string' ? value.split(',') : value;
  return Array.isArray(parts) && parts.length === 1 ? [parts[0], ''] : parts;
}

export const policyQuery = z.object({
  current: optionalParam(z.coerce.number().int().min(1).max(1_000_000)).transform(
    (n) => n ?? POLICY_CURRENT,
  ),
  pageSize: optionalParam(z.coerce.number().int().min(1).max(POLICY_MAX_PAGE_SIZE)).transform(
    (n) => n ?? POLICY_PAGE_SIZE,
  ),
  number: optionalParam(z.string().trim().max(20)),
  name: optionalParam(safeString().trim().max(100)),
  contentType: optionalParam(z.enum(POLICY_CONTENT_TYPES)),
  filterType: optionalParam(z.enum(POLICY_FILTER_TYPES)),
  status: optionalParam(z.enum(POLICY_STATUSES)),
  createdTime: optionalParam(z.preprocess(rangePair, z.tuple([rangeEnd, rangeEnd]))),
});
export type PolicyFilter = z.output<typeof policyQuery>;

const maxInt = 2_147_483_647;

export const messageReadBody = z.strictObject({
  ids: z.array(z.number().int().min(1).max(maxInt)).max(1_000),
});

export const publicOpinionBody = z.strictObject({ quota: z.enum(PUBLIC_OPINION_QUOTAS) });

export const dataChainBody = z.strictObject({ quota: z.enum(DATA_CHAIN_QUOTAS) });

/** The step form of spec §5's leftover texts: activity name ≤ 20, link http(s), content ≤ 200. */
export const channelFormBody = z.looseObject({
  activityName: safeString().trim().max(20).optional(),
  promoteLink: urlString().optional(),
  advertisingContent: safeString().max(200).optional(),
});

/** The settings form; profile ≤ 200 characters (spec §5). */
export const saveInfoBody = z.looseObject({
  email: z.email().max(100).optional(),
  nickname: safeString().trim().max(40).optional(),
  address: safeString().max(200).optional(),
  profile: safeString().max(200).optional(),
});

// --- What the calls answer ---------------------------------------------------------------------

const isoTime = z.string();
const day = z.string();

export const messageSchema: z.ZodType<Message> = z.object({
  id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  title: z.string(),
  subTitle: z.string(),
  avatar: z.string(),
  content: z.string(),
  time: isoTime,
  messageType: z.union([z.literal(0), z.literal(1), z.literal(3)]).optional(),
  status: z.union([z.literal(0), z.literal(1)]),
});

export const contentDataSchema: z.ZodType<ContentDataPoint> = z.object({
  x: day,
  y: z.number(),
});

export const popularItemSchema: z.ZodType<PopularItem> = z.object({
  key: z.number().int(),
  title: z.string(),
  clickNumber: z.number().int(),
  increases: z.number(),
  width: z.number(),
});

export const chatItemSchema: z.ZodType<ChatItem> = z.object({
  id: z.number().int(),
  username: z.string(),
  content: z.string(),
  time: isoTime,
  isCollect: z.boolean(),
});

const labelValue = z.object({ label: z.string(), value: z.string() });

export const qualityInspectionSchema: z.ZodType<QualityInspectionCard> = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  data: z.array(labelValue),
});

export const serviceCardSchema: z.ZodType<ServiceCard> = z.object({
  id: z.number().int(),
  icon: z.string(),
  title: z.string(),
  description: z.string(),
  enable: z.boolean(),
  actionType: z.literal('button'),
  expires: z.boolean(),
});

export const rulePresetSchema: z.ZodType<RulePresetCard> = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  enable: z.boolean(),
  actionType: z.literal('switch'),
});

export const policyPageSchema: z.ZodType<PolicyPage> = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      number: z.number().int(),
      name: z.string(),
      contentType: z.enum(POLICY_CONTENT_TYPES),
      count: z.number().int(),
      status: z.enum(POLICY_STATUSES),
      filterType: z.enum(POLICY_FILTER_TYPES),
      createdTime: isoTime,
    }),
  ),
  total: z.number().int(),
});

export const profileBasicSchema: z.ZodType<ProfileBasic> = z.object({
  status: z.number().int(),
  video: z.object({
    mode: z.string(),
    acquisition: z.object({ resolution: z.string(), frameRate: z.number() }),
    encoding: z.object({
      resolution: z.string(),
      rate: z.object({ min: z.number(), max: z.number(), default: z.number() }),
      frameRate: z.number(),
      profile: z.string(),
    }),
  }),
  audio: z.object({
    mode: z.string(),
    acquisition: z.object({ channels: z.number() }),
    encoding: z.object({ channels: z.number(), rate: z.number(), profile: z.string() }),
  }),
});

const reviewStatus = z.union([z.literal(0), z.literal(1)]);

export const operationLogSchema: z.ZodType<OperationLog> = z.object({
  key: z.string(),
  contentNumber: z.string(),
  updateContent: z.string(),
  status: reviewStatus,
  updateTime: isoTime,
});

const chartPoint = z.object({ x: z.string(), y: z.number(), name: z.string() });
const pieSlice = z.object({ name: z.string(), value: z.number(), color: z.string() });

export const publicOpinionSchema: z.ZodType<PublicOpinionAnalysis> = z.object({
  count: z.number(),
  growth: z.number(),
  chartData: z.union([z.array(chartPoint), z.array(pieSlice)]),
});

const namedSeries = z.object({ name: z.string(), value: z.array(z.number()) });

export const contentPeriodSchema: z.ZodType<ContentPeriodAnalysis> = z.object({
  xAxis: z.array(z.string()),
  data: z.array(namedSeries),
});

export const contentPublishSchema: z.ZodType<ContentPublishSeries> = z.object({
  name: z.string(),
  x: z.array(z.string()),
  y: z.array(z.number()),
});

export const popularAuthorListSchema: z.ZodType<PopularAuthorList> = z.object({
  list: z.array(
    z.object({
      ranking: z.number().int(),
      author: z.string(),
      contentCount: z.number().int(),
      clickCount: z.number().int(),
    }),
  ),
});

export const dataChainSchema: z.ZodType<DataChainGrowth> = z.object({
  count: z.number(),
  growth: z.number(),
  chartData: z.object({ xAxis: z.array(z.string()), data: namedSeries }),
});

export const dataOverviewSchema: z.ZodType<DataOverview> = z.object({
  xAxis: z.array(day),
  data: z.array(namedSeries.extend({ count: z.number() })),
});

export const projectSchema: z.ZodType<Project> = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  peopleNumber: z.number().int(),
  contributors: z.array(z.object({ name: z.string(), email: z.string(), avatar: z.string() })),
});

export const latestActivitySchema: z.ZodType<LatestActivity> = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  avatar: z.string(),
});

export const visitsSchema: z.ZodType<Visits> = z.object({
  name: z.string(),
  visits: z.number().int(),
  growth: z.number(),
});

export const projectAndTeamSchema: z.ZodType<ProjectAndTeam> = z.object({
  id: z.number().int(),
  content: z.string(),
});

export const teamSchema: z.ZodType<Team> = z.object({
  id: z.number().int(),
  avatar: z.string(),
  name: z.string(),
  peopleNumber: z.number().int(),
});

export const certificationSchema: z.ZodType<Certification> = z.object({
  enterpriseInfo: z.object({
    accountType: z.string(),
    status: reviewStatus,
    time: isoTime,
    legalPerson: z.string(),
    certificateType: z.string(),
    authenticationNumber: z.string(),
    enterpriseName: z.string(),
    enterpriseCertificateType: z.string(),
    organizationCode: z.string(),
  }),
  record: z.array(
    z.object({
      certificationType: z.union([z.literal(1), z.literal(2)]),
      certificationContent: z.string(),
      status: reviewStatus,
      time: isoTime,
    }),
  ),
});

/** The form calls and the upload answer the literal 'ok'. */
export const okSchema = z.literal('ok');
