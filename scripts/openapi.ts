// `npm run docs:api`: writes the OpenAPI description of the API to docs/api/openapi.json.
// A server test fails when the committed file differs from what the routes declare.
import { mkdirSync, writeFileSync } from 'node:fs';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';

export const OPENAPI_FILE = new URL('../docs/api/openapi.json', import.meta.url);

const database = await openDatabase();
const app = await buildApp({ db: database.db, logger: false });
await app.ready();
const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
mkdirSync(new URL('.', OPENAPI_FILE), { recursive: true });
writeFileSync(OPENAPI_FILE, `${JSON.stringify(res.json(), null, 2)}\n`);
await app.close();
await database.close();
console.log(`wrote ${OPENAPI_FILE.pathname}`);
