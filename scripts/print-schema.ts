// npm run schema:print: writes the GraphQL schema the Worker serves to
// schema/schema.graphql, the file the admin client is typed from (gql.tada)
// and that test/worker/graphql-schema.test.ts compares with the live schema.
import { writeFileSync } from 'node:fs'
import { printSchema } from 'graphql'
import { schema } from '../worker/graphql/schema'

const target = new URL('../schema/schema.graphql', import.meta.url)
writeFileSync(target, `${printSchema(schema)}\n`)
console.log(`wrote ${target.pathname}`)
