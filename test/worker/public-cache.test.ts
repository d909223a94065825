import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { PAGE_CACHE } from '../../worker/cache/pages'
import { purgePublicReads } from '../../worker/cache/public-reads'
import { gql } from './admin-helpers'
import { call } from './helpers'
import { send } from './requests-fixtures'
import { ownerCookie } from './session-helpers'

describe('public read caching', () => {
  it('serves the edge copy until an owner write purges it', async () => {
    await env.DB.prepare("insert into skills (category, name) values ('Languages', 'Go')").run()
    // (send waits for the work the Worker defers, here storing the edge copy.)
    const first = await send('/api/skills', { method: 'GET' })
    expect(await first.json()).toMatchObject([{ name: 'Go' }])
    // A change made behind the API's back is not seen while the edge copy lives...
    await env.DB.prepare("insert into skills (category, name) values ('Languages', 'Rust')").run()
    const cached = (await (await call('/api/skills')).json()) as unknown[]
    expect(cached).toHaveLength(1)
    // ...an anonymous write does not purge it...
    await call('/api/auth/logout', { method: 'POST' })
    expect((await (await call('/api/skills')).json()) as unknown[]).toHaveLength(1)
    // ...and any successful owner write does.
    const cookie = await ownerCookie()
    const write = await call('/api/auth/logout', { method: 'POST', headers: { cookie } })
    expect(write.ok).toBe(true)
    const fresh = (await (await call('/api/skills')).json()) as unknown[]
    expect(fresh).toHaveLength(2)
  })

  it("keeps the edge copy through the owner's GraphQL queries; a GraphQL mutation purges it", async () => {
    const names = async () =>
      ((await (await call('/api/skills')).json()) as { name: string }[]).map((s) => s.name)
    await env.DB.prepare("insert into skills (category, name) values ('Languages', 'Haskell')").run()
    await send('/api/skills', { method: 'GET' })
    await send('/about', { method: 'GET' })
    const generation = async () =>
      (await (await caches.open(PAGE_CACHE)).match('https://pages.cache/__generation'))?.text()
    const before = await generation()
    expect(before).toBeTruthy()
    // A change behind the API's back: the edge copy does not show it yet.
    await env.DB.prepare("insert into skills (category, name) values ('Languages', 'OCaml')").run()
    // The admin's reads are POSTs too (urql), several at every screen: none of them writes.
    const skills = await gql<{ skills: { name: string }[] }>('{ skills { name } }')
    expect(skills.body.data?.skills.map((s) => s.name)).toContain('OCaml')
    await gql('query Named { __typename }')
    expect(await names()).not.toContain('OCaml')
    expect(await generation()).toBe(before)
    // A mutation writes: the public reads and the rendered pages go.
    const created = await gql('mutation Add($input: SkillInput!) { createSkill(input: $input) { name } }', {
      input: { category: 'Languages', name: 'Zig' },
    })
    expect(created.body.errors).toBeUndefined()
    expect(await names()).toEqual(expect.arrayContaining(['Haskell', 'OCaml', 'Zig']))
    const afterMutation = await generation()
    expect(afterMutation).not.toBe(before)
    // A mutation's fields reached through a fragment on Mutation run as any other:
    // they purge, and the audit trail names them.
    await env.DB.prepare("insert into skills (category, name) values ('Languages', 'Scheme')").run()
    const viaFragment = await gql(
      'mutation Add($input: SkillInput!) { ...Adds } fragment Adds on Mutation { ... on Mutation { createSkill(input: $input) { name } } }',
      { input: { category: 'Languages', name: 'Lisp' } },
    )
    expect(viaFragment.body.errors).toBeUndefined()
    expect(await names()).toEqual(expect.arrayContaining(['Scheme', 'Lisp']))
    expect(await generation()).not.toBe(afterMutation)
    const audited = await env.DB.prepare(
      "select action from audit_log where action = 'graphql createSkill' order by id",
    ).all<{ action: string }>()
    expect(audited.results).toHaveLength(2)
  })

  it('answers 304 to a matching If-None-Match, with revalidation headers', async () => {
    const res = await call('/api/projects')
    const tag = res.headers.get('etag')
    expect(tag).toBeTruthy()
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const again = await call('/api/projects', { headers: { 'If-None-Match': tag! } })
    expect(again.status).toBe(304)
  })

  it("names a page's version by its content, not by the nonce it was rendered with", async () => {
    const first = await send('/it-support', { method: 'GET' })
    const tag = first.headers.get('etag')
    expect(tag).toMatch(/^W\/"[0-9a-f]{24}"$/)
    // The stored copy goes; the next view renders the same content again, with a nonce of its own.
    await purgePublicReads()
    const again = await send('/it-support', { method: 'GET' })
    const nonce = (html: string) => /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1]
    const [a, b] = [nonce(await first.text()), nonce(await again.text())]
    expect(a).toBeTruthy()
    expect(b).toBeTruthy()
    expect(b).not.toBe(a)
    expect(again.headers.get('etag')).toBe(tag)
    const revalidated = await call('/it-support', { headers: { 'If-None-Match': tag! } })
    expect(revalidated.status).toBe(304)
  })
})
