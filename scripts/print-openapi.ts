// npm run openapi:print: writes the OpenAPI document the Worker serves at
// /api/openapi.json to schema/openapi.json, committed so that a change to the
// API shows in review; test/worker/clients-api.test.ts compares it with the
// live document and schema/openapi.test.ts validates it.
import { writeFileSync } from 'node:fs'
import { api } from '../worker/api'
import { OPENAPI_INFO } from '../worker/middleware/openapi'

const target = new URL('../schema/openapi.json', import.meta.url)
writeFileSync(target, `${JSON.stringify(api.getOpenAPI31Document(OPENAPI_INFO), null, 2)}\n`)
console.log(`wrote ${target.pathname}`)
