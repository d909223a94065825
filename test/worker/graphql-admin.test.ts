import { env } from 'cloudflare:test'
import {
  execute,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  parse,
} from 'graphql'
import { describe, expect, it } from 'vitest'
import { createDb } from '../../worker/db'
import { schema } from '../../worker/graphql/schema'
import { owner } from './admin-helpers'
import { call, ORIGIN } from './helpers'

// Every root field of the schema, with the smallest valid arguments and selection.
function sampleValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType)
  if (isListType(type)) return []
  // An input object gets its required fields (the GraphQL layer refuses it otherwise, before any auth check).
  if (isInputObjectType(type))
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type))
        .map((f) => [f.name, sampleValue(f.type)]),
    )
  if (isEnumType(type)) return type.getValues()[0]!.name
  return { ID: '1', String: 'x', Int: 1, Boolean: true, DateTime: new Date().toISOString() }[type.name] ?? 'x'
}

function operation(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const args = field.args.filter((a) => isNonNullType(a.type))
  const vars = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : ''
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : ''
  return {
    source: `${kind}${vars ? ` (${vars})` : ''} { ${field.name}${call}${selection} }`,
    variables: Object.fromEntries(args.map((a) => [a.name, sampleValue(a.type)])),
  }
}

const rootFields = (type: GraphQLObjectType | null | undefined, kind: 'query' | 'mutation') =>
  Object.values(type?.getFields() ?? {}).map((f) => ({ name: `${kind} ${f.name}`, ...operation(kind, f) }))

const operations = [
  ...rootFields(schema.getQueryType(), 'query'),
  ...rootFields(schema.getMutationType(), 'mutation'),
]

describe('GraphQL authorisation', () => {
  it('covers every admin domain', () => {
    const names = operations.map((o) => o.name)
    for (const name of [
      'query projects',
      'query skills',
      'query pageContent',
      'query resumes',
      'query uploads',
      'mutation createProject',
      'mutation updateProject',
      'mutation deleteProject',
      'mutation createSkill',
      'mutation deleteSkill',
      'mutation saveContent',
      'mutation updateContent',
      'mutation activateResume',
      'mutation deleteResume',
      'mutation deleteUpload',
    ]) {
      expect(names).toContain(name)
    }
    expect(names).not.toContain('mutation ping')
  })

  it.each(operations)('the endpoint refuses $name without a session (401)', async ({ source, variables }) => {
    const res = await call('/graphql', {
      method: 'POST',
      json: { query: source, variables },
      headers: { 'x-graphql-yoga-csrf': '1' },
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Authentication required' })
  })

  it.each(operations)(
    'the schema itself refuses $name without the owner scope',
    async ({ source, variables }) => {
      const before = await env.DB.prepare(
        'select (select count(*) from projects) + (select count(*) from skills) + (select count(*) from page_content) as n',
      ).first<{ n: number }>()
      const result = await execute({
        schema,
        document: parse(source),
        variableValues: variables,
        contextValue: { db: createDb(env.DB), env, user: null },
      })
      // Nothing is read: no data at all, or (for a nullable root field such as the
      // running timer) the field itself null, with only the auth error.
      expect(Object.values(result.data ?? {}).every((v) => v === null)).toBe(true)
      expect(result.errors?.map((e) => [e.message, e.extensions.code])).toEqual([
        ['Authentication required', 'UNAUTHENTICATED'],
      ])
      const after = await env.DB.prepare(
        'select (select count(*) from projects) + (select count(*) from skills) + (select count(*) from page_content) as n',
      ).first<{ n: number }>()
      expect(after?.n).toBe(before?.n)
    },
  )
})

describe('GraphQL hardening', () => {
  it('masks unexpected errors: no internals reach the client', async () => {
    const original = env.DB.prepare.bind(env.DB)
    const cookie = await owner()
    env.DB.prepare = (sql: string) => {
      if (/from "projects"/.test(sql)) throw new Error('D1_ERROR: no such table: secret_internal_name')
      return original(sql)
    }
    try {
      const { app } = await import('../../worker/app')
      const res = await app.request(
        `${ORIGIN}/graphql`,
        {
          method: 'POST',
          body: JSON.stringify({ query: '{ projects { id } }' }),
          headers: { 'Content-Type': 'application/json', 'x-graphql-yoga-csrf': '1', Cookie: cookie },
        },
        env,
      )
      const text = await res.text()
      expect(text).toContain('Unexpected error.')
      expect(text).not.toContain('secret_internal_name')
      expect(text).not.toContain('D1_ERROR')
    } finally {
      env.DB.prepare = original
    }
  })

  // The depth and cost limits are tested in graphql-schema.test.ts, beside introspection.

  it('refuses a request without the CSRF header or a preflighted content type', async () => {
    const res = await call('/graphql?query=%7B%20projects%20%7B%20id%20%7D%20%7D', {
      headers: { Cookie: await owner() },
    })
    expect(res.status).toBe(403)
  })

  it('offers GraphiQL only in local development', async () => {
    const { app } = await import('../../worker/app')
    const headers = { Accept: 'text/html', Cookie: await owner() }
    const local = await app.request(`${ORIGIN}/graphql`, { headers }, env)
    expect(await local.text()).toMatch(/graphiql/i)
    const production = await app.request(
      `${ORIGIN}/graphql`,
      { headers },
      { ...env, ENVIRONMENT: 'production' },
    )
    expect(await production.text()).not.toMatch(/graphiql/i)
  })
})
