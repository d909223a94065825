import { describe, expect, it } from 'vitest'
import { call } from './helpers'
import { ownerCookie } from './session-helpers'

const gql = (query: string, cookie?: string, extraHeaders: Record<string, string> = {}) =>
  call('/graphql', {
    method: 'POST',
    json: { query },
    headers: { 'x-graphql-yoga-csrf': '1', ...(cookie ? { Cookie: cookie } : {}), ...extraHeaders },
  })

describe('/graphql', () => {
  it('refuses anonymous calls with 401 in the error shape', async () => {
    const res = await gql('{ me { username } }')
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ message: 'Authentication required' })
  })

  it('answers the owner', async () => {
    const res = await gql('{ me { username } }', await ownerCookie())
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ data: { me: { username: 'owner' } } })
  })
})
