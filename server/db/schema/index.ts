export { users, type UserRow } from './users';
export { sessions, type SessionRow } from './sessions';
export * from './resources';
export { promptVersions, type PromptVersionRow } from './prompt-versions';
export { recordMessages, type RecordMessageRow } from './record-messages';
export { modelVersionPrices, modelVersions, type ModelVersionRow } from './model-versions';
export {
  statDaily,
  statDailyScene,
  statDailyUsers,
  statHourly,
  statMonthly,
  statUserDays,
  statUserLastDays,
  statUserLastMonths,
  statPastVersion,
} from './statistics';
export { corpusLabels, type CorpusLabelRow } from './corpus-labels';
export {
  resourceDeclarationHistory,
  resourceDeclarations,
  type ResourceDeclarationHistoryRow,
  type ResourceDeclarationRow,
} from './resource-declarations';
export { resourceRows, type ResourceRowsRow } from './resource-rows';
export { apiKeys, type ApiKeyRow } from './api-keys';
export { promptLabels, type PromptLabelRow } from './prompt-labels';
export { ingestEvents } from './ingest-events';
export { debugRecords, type DebugRecordRow } from './debug-records';
export { evaluationJobs, type EvaluationJobRow } from './evaluation-jobs';
