import { z } from 'zod';
import {
  contentPeriod,
  contentPublish,
  dataChainGrowth,
  dataOverview,
  popularAuthors,
  publicOpinion,
} from '../analysis';
import { mockRoute, type MockRoute } from '../route';
import {
  contentPeriodSchema,
  contentPublishSchema,
  dataChainBody,
  dataChainSchema,
  dataOverviewSchema,
  popularAuthorListSchema,
  publicOpinionBody,
  publicOpinionSchema,
} from '../schemas';

/** The sample content-analytics and data-overview pages. */
export const analysisRoutes: readonly MockRoute[] = [
  mockRoute({
    method: 'POST',
    url: '/api/public-opinion-analysis',
    summary: 'Sample public-opinion card for one quota: count, growth and chart data',
    body: publicOpinionBody,
    answer: publicOpinionSchema,
    handle: ({ body, now }) => publicOpinion(body.quota, now),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/content-period-analysis',
    summary: 'Sample content read per two-hour slot, by content type',
    answer: contentPeriodSchema,
    handle: () => contentPeriod(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/content-publish',
    summary: 'Sample content published per two-hour slot, by content type',
    answer: z.array(contentPublishSchema),
    handle: () => contentPublish(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/popular-author/list',
    summary: 'Sample most read authors',
    answer: popularAuthorListSchema,
    handle: () => popularAuthors(),
  }),
  mockRoute({
    method: 'POST',
    url: '/api/data-chain-growth',
    summary: 'Sample retention or consumption card for one quota: 12 daily points',
    body: dataChainBody,
    answer: dataChainSchema,
    handle: ({ body, now }) => dataChainGrowth(body.quota, now),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/data-overview',
    summary: 'Sample data overview: 8 days of four measures',
    answer: dataOverviewSchema,
    handle: ({ now }) => dataOverview(now),
  }),
];
