/**
 * The `data` of the sample handlers' answers (spec §3 "Mock shapes"), inside `{ code: 20000, msg,
 * data }`. Times are ISO-8601 UTC instants, days `YYYY-MM-DD`; sample texts are Chinese.
 */
import type {
  DATA_CHAIN_QUOTAS,
  MESSAGE_TYPES,
  POLICY_CONTENT_TYPES,
  POLICY_FILTER_TYPES,
  POLICY_STATUSES,
  POPULAR_TYPES,
  PUBLIC_OPINION_QUOTAS,
} from './constants';

/** `{ code, msg, data }` with the mock codes: 20000 success, 50000 failure. */
export interface MockEnvelope<T> {
  code: number;
  msg: string;
  data: T;
}

// --- Messages: GET /api/message/list, POST /api/message/read -------------------------------

export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Colour of a notice or to-do: 0 not started (grey), 1 done (green), 3 due soon (red). */
export type MessageLevel = 0 | 1 | 3;

export interface Message {
  id: number;
  type: MessageType;
  title: string;
  /** Beside the title ("的私信"); empty for notices and to-dos. */
  subTitle: string;
  /** An image URL (a data: URL); empty for notices and to-dos. */
  avatar: string;
  content: string;
  /** ISO instant. */
  time: string;
  /** Only on notices and to-dos. */
  messageType?: MessageLevel;
  /** 0 unread, 1 read: read once its id was sent to /api/message/read by this account. */
  status: 0 | 1;
}

/** POST /api/message/read body; the answer's data is `true`. Unknown ids are ignored. */
export interface MessageReadBody {
  ids: number[];
}

// --- Workplace: content chart, popular content, chat --------------------------------------

/** GET /api/content-data: 8 daily points, the last one today (UTC). */
export interface ContentDataPoint {
  /** `YYYY-MM-DD`. */
  x: string;
  y: number;
}

export type PopularType = (typeof POPULAR_TYPES)[number];

/** GET /api/popular/list?type=text|image|video (text by default): 5 items, most clicked first. */
export interface PopularItem {
  key: number;
  title: string;
  clickNumber: number;
  /** Change against the day before, in percent; negative when it fell. */
  increases: number;
  /** Bar length in percent of the most clicked item (0–100]. */
  width: number;
}

/** GET /api/chat/list: 4 to 6 items, oldest first. */
export interface ChatItem {
  id: number;
  username: string;
  content: string;
  /** ISO instant. */
  time: string;
  isCollect: boolean;
}

// --- Card lists: GET /api/list/quality-inspection, /the-service, /rules-preset -------------

export interface LabelValue {
  label: string;
  value: string;
}

export interface QualityInspectionCard {
  id: number;
  name: string;
  title: string;
  description: string;
  /** Pending-inspection count, backlog duration, pending-sampling count, in this order. */
  data: LabelValue[];
}

export interface ServiceCard {
  id: number;
  /** An @ant-design/icons component name, e.g. 'CodeOutlined'. */
  icon: string;
  title: string;
  description: string;
  enable: boolean;
  actionType: 'button';
  /** The subscription ran out: the button renews rather than opens. */
  expires: boolean;
}

export interface RulePresetCard {
  id: number;
  title: string;
  description: string;
  enable: boolean;
  actionType: 'switch';
}

// --- Policy list: GET /api/list/policy ----------------------------------------------------

export type PolicyContentType = (typeof POLICY_CONTENT_TYPES)[number];
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
export type PolicyFilterType = (typeof POLICY_FILTER_TYPES)[number];

export interface PolicyRow {
  id: number;
  /** The collection number operators search by. */
  number: number;
  name: string;
  contentType: PolicyContentType;
  count: number;
  status: PolicyStatus;
  filterType: PolicyFilterType;
  /** ISO instant. */
  createdTime: string;
}

/** Query of GET /api/list/policy: every filter is optional and narrows `total`. */
export interface PolicyQuery {
  /** Page, from 1; 1 by default. */
  current?: number;
  /** 1–100; 10 by default. */
  pageSize?: number;
  /** Rows whose number contains these digits. */
  number?: string;
  /** A case-insensitive substring of the name. */
  name?: string;
  contentType?: PolicyContentType;
  filterType?: PolicyFilterType;
  status?: PolicyStatus;
  /**
   * An inclusive range, `<from>,<to>` or the key twice; each end a UTC day (`YYYY-MM-DD`) or an
   * ISO instant, and either may be empty.
   */
  createdTime?: string | [string, string];
}

/** GET /api/list/policy answer: one page, newest first, and the number of matching rows. */
export interface PolicyPage {
  list: PolicyRow[];
  total: number;
}

// --- Forms: POST /api/channel-form/submit, /api/user/save-info, /api/user/upload -----------

/** The channel (step) form; fields beyond these are accepted. The answer's data is 'ok'. */
export interface ChannelFormBody {
  /** At most 20 characters. */
  activityName?: string;
  channelType?: string;
  promotionTime?: string[];
  /** Starts with http:// or https://. */
  promoteLink?: string;
  advertisingSource?: string;
  advertisingMedia?: string;
  keyword?: string[];
  pushNotify?: boolean;
  /** At most 200 characters. */
  advertisingContent?: string;
}

/** The user-center settings form; fields beyond these are accepted. The answer's data is 'ok'. */
export interface SaveInfoBody {
  email?: string;
  nickname?: string;
  countryRegion?: string;
  area?: string;
  address?: string;
  /** At most 200 characters. */
  profile?: string;
}

/** Literal data of the form calls and of the upload (which takes multipart/form-data or JSON). */
export type MockOk = 'ok';

// --- Profile: GET /api/profile/basic, GET /api/operation/log -------------------------------

export interface ProfileBasic {
  /** Step of the publishing flow the profile is in (0-based). */
  status: number;
  video: {
    mode: string;
    acquisition: { resolution: string; frameRate: number };
    encoding: {
      resolution: string;
      rate: { min: number; max: number; default: number };
      frameRate: number;
      profile: string;
    };
  };
  audio: {
    mode: string;
    acquisition: { channels: number };
    encoding: { channels: number; rate: number; profile: string };
  };
}

export interface OperationLog {
  key: string;
  contentNumber: string;
  updateContent: string;
  /** 0 under review, 1 passed. */
  status: 0 | 1;
  /** ISO instant. */
  updateTime: string;
}

// --- Content analytics ---------------------------------------------------------------------

export type PublicOpinionQuota = (typeof PUBLIC_OPINION_QUOTAS)[number];

/** A line point: `name` is the series (a year for visitors and comments). */
export interface ChartPoint {
  /** visitors / comment: month of the year, '1'–'12'; published: a day, `YYYY-MM-DD`. */
  x: string;
  y: number;
  name: string;
}

/** A pie slice (quota 'other'): shares 25, 35 and 40 percent. */
export interface PieSlice {
  name: string;
  value: number;
  /** CSS colour. */
  color: string;
}

/**
 * POST /api/public-opinion-analysis { quota }: visitors and comment carry 12 points for this
 * year and 12 for last year; published 12 daily points; other a pie of three slices.
 */
export interface PublicOpinionAnalysis {
  count: number;
  /** Change against the previous period, in percent. */
  growth: number;
  chartData: ChartPoint[] | PieSlice[];
}

/** A named series of values, one per `xAxis` entry. */
export interface NamedSeries {
  name: string;
  value: number[];
}

/** GET /api/content-period-analysis: 12 two-hour slots ('00:00'…'22:00'), 3 series. */
export interface ContentPeriodAnalysis {
  xAxis: string[];
  data: NamedSeries[];
}

/** GET /api/content-publish: 3 series of 12 points each (x the two-hour slots). */
export interface ContentPublishSeries {
  name: string;
  x: string[];
  y: number[];
}

export interface PopularAuthor {
  ranking: number;
  author: string;
  contentCount: number;
  clickCount: number;
}

/** GET /api/popular-author/list: the top authors, ranking 1 first. */
export interface PopularAuthorList {
  list: PopularAuthor[];
}

export type DataChainQuota = (typeof DATA_CHAIN_QUOTAS)[number];

/** POST /api/data-chain-growth { quota }: 12 daily points, the series named after the quota. */
export interface DataChainGrowth {
  count: number;
  /** Change against the previous period, in percent. */
  growth: number;
  chartData: { xAxis: string[]; data: NamedSeries };
}

/** GET /api/data-overview: 8 days (`YYYY-MM-DD`), 4 series, each with its total `count`. */
export interface DataOverview {
  xAxis: string[];
  data: (NamedSeries & { count: number })[];
}

// --- User center ---------------------------------------------------------------------------

export interface Contributor {
  name: string;
  email: string;
  avatar: string;
}

/** GET /api/user/my-project/list. */
export interface Project {
  id: number;
  name: string;
  description: string;
  peopleNumber: number;
  contributors: Contributor[];
}

/** GET /api/user/latest-activity. */
export interface LatestActivity {
  id: number;
  title: string;
  description: string;
  avatar: string;
}

/** GET /api/user/visits: page visits and project visits. */
export interface Visits {
  name: string;
  visits: number;
  /** Change against the previous period, in percent. */
  growth: number;
}

/** GET /api/user/project-and-team/list: the filter entries. */
export interface ProjectAndTeam {
  id: number;
  content: string;
}

/** GET /api/user/my-team/list. */
export interface Team {
  id: number;
  avatar: string;
  name: string;
  peopleNumber: number;
}

/** GET /api/user/certification. */
export interface Certification {
  enterpriseInfo: {
    accountType: string;
    /** 0 under review, 1 certified. */
    status: 0 | 1;
    /** ISO instant. */
    time: string;
    legalPerson: string;
    certificateType: string;
    authenticationNumber: string;
    enterpriseName: string;
    enterpriseCertificateType: string;
    organizationCode: string;
  };
  record: CertificationRecord[];
}

export interface CertificationRecord {
  /** 1 enterprise certification, 2 account change. */
  certificationType: 1 | 2;
  certificationContent: string;
  /** 0 under review, 1 passed. */
  status: 0 | 1;
  /** ISO instant. */
  time: string;
}
