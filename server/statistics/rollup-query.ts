/**
 * The statistics queries over the rollups: usage sums, distinct users and scene details. The
 * modules below hold them; this one is what other folders import.
 */
export {
  distinctUsers,
  countUsers,
  edgeSourceFor,
  RAW_USERS_TIMEOUT_MS,
  type EdgeSource,
} from './distinct-users';
export { wholeMonths } from './months';
export { sceneInfo } from './scene-info';
export { rangeMask, type UserCounts } from './user-bitmaps';
export { roundCost, usage, type GroupKey, type MeasureKey, type UsageRow } from './usage';
