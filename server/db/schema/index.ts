export { users, type UserRow } from './users';
export { sessions, type SessionRow } from './sessions';
export * from './resources';
export { promptVersions, type PromptVersionRow } from './prompt-versions';
export { recordMessages, type RecordMessageRow } from './record-messages';
export { modelVersions, type ModelVersionRow } from './model-versions';
export { corpusLabels, type CorpusLabelRow } from './corpus-labels';
