export { users, type UserRow } from './users';
export { sessions, type SessionRow } from './sessions';
export * from './resources';
