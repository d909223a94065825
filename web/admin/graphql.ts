// The admin's typed GraphQL documents. gql.tada reads the schema the Worker
// serves from web/admin/graphql-env.d.ts, generated from the committed SDL
// (schema/schema.graphql, `npm run schema:print`), so `tsc -b` checks every
// document's result and variables types against the server's schema.
import { initGraphQLTada } from 'gql.tada'
import { enumName, enumValue, type GraphQLEnumName } from '../../schema/graphql-enums'
import type { introspection } from './graphql-env.d.ts'

export const graphql = initGraphQLTada<{
  introspection: introspection
  scalars: { DateTime: string; ID: string }
}>()

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada'
export { readFragment } from 'gql.tada'

/** The GraphQL names of an enum (e.g. 'BUSINESS_MANAGEMENT' | ...). */
export type EnumOf<K extends GraphQLEnumName> = introspection['types'][K] extends { enumValues: infer V }
  ? V
  : never

/** A stored value (what the forms and labels use) as its GraphQL enum name. */
export const toEnum = <K extends GraphQLEnumName>(kind: K, value: string) =>
  enumName(kind, value) as EnumOf<K>

/** A GraphQL enum name as the stored value it stands for. */
export const fromEnum = (kind: GraphQLEnumName, name: string) => enumValue(kind, name)
