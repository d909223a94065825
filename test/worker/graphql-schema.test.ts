import { getIntrospectionQuery, printSchema } from 'graphql'
import { describe, expect, it } from 'vitest'
import committed from '../../schema/schema.graphql?raw'
import { schema } from '../../worker/graphql/schema'
import { gql } from './admin-helpers'

describe('the committed SDL', () => {
  it('is the schema the Worker serves (run npm run schema:print after a change)', () => {
    expect(`${printSchema(schema)}\n`).toBe(committed)
  })
})

describe('introspection and limits', () => {
  it('answers the standard introspection query for the owner', async () => {
    const { status, body } = await gql<{
      __schema: { queryType: { name: string }; types: { name: string }[] }
    }>(getIntrospectionQuery())
    expect(body.errors).toBeUndefined()
    expect(status).toBe(200)
    expect(body.data!.__schema.queryType.name).toBe('Query')
    expect(body.data!.__schema.types.map((t) => t.name)).toContain('ProjectStatus')
  })

  it('refuses a query deeper than the limit and says which limit', async () => {
    let nested = 'name'
    for (let i = 0; i < 12; i++) nested = `ofType { ${nested} }`
    const { status, body } = await gql(`{ __schema { types { fields { type { ${nested} } } } } }`)
    expect(status).toBe(400)
    expect(body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Query depth limit of 15 exceeded, found \d+\.$/),
      extensions: { code: 'QUERY_TOO_DEEP' },
    })
  })

  it('refuses a query costlier than the limit and says which limit', async () => {
    // Within the depth limit, but each level multiplies the cost of what is below it.
    let nested = Array.from({ length: 100 }, (_, i) => `n${i}: name`).join(' ')
    for (let i = 0; i < 10; i++) nested = `ofType { ${nested} }`
    const { status, body } = await gql(`{ __schema { types { fields { type { ${nested} } } } } }`)
    expect(status).toBe(400)
    expect(body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/^Query Cost limit of 20000 exceeded, found [\d.]+\.$/),
      extensions: { code: 'QUERY_TOO_COSTLY' },
    })
  })
})
