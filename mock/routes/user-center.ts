import { z } from 'zod';
import { mockRoute, type MockRoute } from '../route';
import {
  certificationSchema,
  latestActivitySchema,
  okSchema,
  projectAndTeamSchema,
  projectSchema,
  saveInfoBody,
  teamSchema,
  visitsSchema,
} from '../schemas';
import {
  certification,
  latestActivity,
  myProjects,
  myTeams,
  projectAndTeam,
  visits,
} from '../user-center';

/** The sample user center (the upload call is in mock/index.ts: it reads multipart). */
export const userCenterRoutes: readonly MockRoute[] = [
  mockRoute({
    method: 'GET',
    url: '/api/user/my-project/list',
    summary: 'Sample user center: my projects with their contributors',
    answer: z.array(projectSchema),
    handle: () => myProjects(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/user/latest-activity',
    summary: 'Sample user center: latest activity',
    answer: z.array(latestActivitySchema),
    handle: () => latestActivity(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/user/visits',
    summary: 'Sample user center: page and project visits',
    answer: z.array(visitsSchema),
    handle: () => visits(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/user/project-and-team/list',
    summary: 'Sample user center: project and team filter entries',
    answer: z.array(projectAndTeamSchema),
    handle: () => projectAndTeam(),
  }),
  mockRoute({
    method: 'GET',
    url: '/api/user/my-team/list',
    summary: 'Sample user center: my teams',
    answer: z.array(teamSchema),
    handle: () => myTeams(),
  }),
  mockRoute({
    method: 'POST',
    url: '/api/user/save-info',
    summary: 'Sample settings form: checks the fields it knows and answers ok',
    body: saveInfoBody,
    answer: okSchema,
    handle: () => 'ok' as const,
  }),
  mockRoute({
    method: 'GET',
    url: '/api/user/certification',
    summary: 'Sample user center: enterprise certification and its records',
    answer: certificationSchema,
    handle: ({ now }) => certification(now),
  }),
];
