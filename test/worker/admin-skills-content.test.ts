import { describe, expect, it } from 'vitest'
import { PUBLIC_CONTENT_KEYS } from '../../schema/public-content'
import { gql, rest } from './admin-helpers'
import { call } from './helpers'

describe('skills', () => {
  it('adds (201) and deletes (204) a skill; the public list follows', async () => {
    const res = await rest('POST', '/api/skills', { category: ' Cloud ', name: 'Workers' })
    expect(res.status).toBe(201)
    const skill = (await res.json()) as { id: number; category: string; name: string }
    expect(skill).toMatchObject({ category: 'Cloud', name: 'Workers' })
    expect(await (await call('/api/skills')).json()).toContainEqual(expect.objectContaining({ id: skill.id }))

    expect((await rest('DELETE', `/api/skills/${skill.id}`)).status).toBe(204)
    expect(await (await call('/api/skills')).json()).not.toContainEqual(
      expect.objectContaining({ id: skill.id }),
    )
    expect((await rest('DELETE', `/api/skills/${skill.id}`)).status).toBe(404)
    expect((await rest('DELETE', '/api/skills/x')).status).toBe(400)
  })

  it('refuses anonymous writes and invalid input', async () => {
    expect((await rest('POST', '/api/skills', { category: 'A', name: 'B' }, false)).status).toBe(401)
    expect((await rest('DELETE', '/api/skills/1', undefined, false)).status).toBe(401)
    const res = await rest('POST', '/api/skills', { category: '' })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { category: 'Category is required', name: 'Name is required' },
    })
  })

  it('REST and GraphQL agree on create, delete and invalid input', async () => {
    const input = { category: 'Languages', name: 'Rust' }
    const viaRest = (await (await rest('POST', '/api/skills', input)).json()) as Record<string, unknown>
    const viaGql = await gql<{ createSkill: Record<string, unknown> }>(
      'mutation ($input: SkillInput!) { createSkill(input: $input) { id category name } }',
      { input },
    )
    expect({ ...viaGql.body.data!.createSkill, id: undefined }).toEqual({ ...input, id: undefined })
    expect(viaRest).toMatchObject(input)

    const bad = await gql('mutation { createSkill(input: { name: "x" }) { id } }')
    const badRest = (await (await rest('POST', '/api/skills', { name: 'x' })).json()) as { errors: unknown }
    expect(bad.body.errors?.[0]?.extensions?.errors).toEqual(badRest.errors)

    const removed = await gql<{ deleteSkill: string }>('mutation ($id: ID!) { deleteSkill(id: $id) }', {
      id: viaGql.body.data!.createSkill.id,
    })
    expect(removed.body.data?.deleteSkill).toBe(viaGql.body.data!.createSkill.id)
    const listed = await gql<{ skills: { id: string }[] }>('{ skills { id } }')
    const restList = (await (await call('/api/skills')).json()) as { id: number }[]
    expect(listed.body.data!.skills.map((s) => Number(s.id))).toEqual(restList.map((s) => s.id))
  })
})

describe('page content', () => {
  it('POST creates (201) a new key and updates (200) an existing one', async () => {
    const created = await rest('POST', '/api/page-content', {
      key: 'test.block',
      content: 'First',
      contentType: 'text',
    })
    expect(created.status).toBe(201)
    expect(await created.json()).toMatchObject({ key: 'test.block', content: 'First', contentType: 'text' })

    const updated = await rest('POST', '/api/page-content', {
      key: 'test.block',
      content: 'Second',
      contentType: 'textarea',
    })
    expect(updated.status).toBe(200)
    expect(await updated.json()).toMatchObject({
      key: 'test.block',
      content: 'Second',
      contentType: 'textarea',
    })

    // Stored, but no page reads this key, so the public list does not carry it.
    const list = (await (await call('/api/page-content')).json()) as { key: string; content: string }[]
    expect(list.filter((b) => b.key === 'test.block')).toEqual([])
    await rest('POST', '/api/page-content', { key: 'contact.hours', content: 'Second' })
    const after = (await (await call('/api/page-content')).json()) as { key: string; content: string }[]
    expect(after.filter((b) => b.key === 'contact.hours')).toEqual([
      expect.objectContaining({ content: 'Second' }),
    ])
  })

  it('PUT updates an existing key and answers 404 for a missing one', async () => {
    await rest('POST', '/api/page-content', { key: 'test.put', content: 'A' })
    const res = await rest('PUT', '/api/page-content/test.put', {
      content: 'https://example.com/a.png',
      contentType: 'image',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      key: 'test.put',
      content: 'https://example.com/a.png',
      contentType: 'image',
    })

    const missing = await rest('PUT', '/api/page-content/test.nothing-here', { content: 'A' })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Content block not found' })
  })

  it('refuses anonymous writes, empty content, bad types and bad keys', async () => {
    expect((await rest('POST', '/api/page-content', { key: 'a', content: 'b' }, false)).status).toBe(401)
    expect((await rest('PUT', '/api/page-content/a', { content: 'b' }, false)).status).toBe(401)
    const res = await rest('POST', '/api/page-content', {
      key: 'Bad Key',
      content: '  ',
      contentType: 'video',
    })
    expect(res.status).toBe(400)
    expect(Object.keys(((await res.json()) as { errors: object }).errors).sort()).toEqual([
      'content',
      'contentType',
      'key',
    ])
    const badKey = await rest('PUT', '/api/page-content/Bad%20Key', { content: 'x' })
    expect(badKey.status).toBe(400)
    expect(((await badKey.json()) as { errors: object }).errors).toHaveProperty('key')
  })

  it('changes the public ETag, so cached public copies revalidate to the new text', async () => {
    await rest('POST', '/api/page-content', { key: 'contact.location', content: 'Before' })
    const first = await call('/api/page-content')
    const etag = first.headers.get('etag')!
    expect(first.headers.get('cache-control')).toContain('must-revalidate')
    expect((await call('/api/page-content', { headers: { 'If-None-Match': etag } })).status).toBe(304)
    await rest('PUT', '/api/page-content/contact.location', { content: 'After' })
    const second = await call('/api/page-content', { headers: { 'If-None-Match': etag } })
    expect(second.status).toBe(200)
    expect(await second.text()).toContain('After')
  })

  it('REST and GraphQL agree', async () => {
    const viaGql = await gql<{ saveContent: Record<string, unknown> }>(
      'mutation ($input: ContentInput!) { saveContent(input: $input) { key content contentType } }',
      { input: { key: 'test.gql', content: 'From GraphQL' } },
    )
    expect(viaGql.body.data?.saveContent).toEqual({
      key: 'test.gql',
      content: 'From GraphQL',
      contentType: 'TEXT',
    })
    const edit = await gql<{ updateContent: Record<string, unknown> }>(
      'mutation ($key: String!, $input: ContentUpdateInput!) { updateContent(key: $key, input: $input) { key content contentType } }',
      { key: 'test.gql', input: { content: 'Edited', contentType: 'TEXTAREA' } },
    )
    const restEdit = (await (
      await rest('PUT', '/api/page-content/test.gql', { content: 'Edited', contentType: 'textarea' })
    ).json()) as Record<string, unknown>
    expect(edit.body.data?.updateContent).toEqual({
      key: restEdit.key,
      content: restEdit.content,
      contentType: 'TEXTAREA',
    })
    expect(restEdit.contentType).toBe('textarea')

    const missing = await gql('mutation { updateContent(key: "test.none", input: { content: "x" }) { key } }')
    expect(missing.status).toBe(404)
    expect(missing.body.errors?.[0]?.message).toBe('Content block not found')

    const empty = await gql('mutation { updateContent(key: "test.gql", input: { content: "" }) { key } }')
    const emptyRest = (await (await rest('PUT', '/api/page-content/test.gql', { content: '' })).json()) as {
      errors: unknown
    }
    expect(empty.body.errors?.[0]?.extensions?.errors).toEqual(emptyRest.errors)

    const list = await gql<{ pageContent: { key: string; content: string }[] }>(
      '{ pageContent { key content } }',
    )
    // The owner sees every block; the public list is the blocks under keys a page reads.
    const restList = (await (await call('/api/page-content')).json()) as { key: string; content: string }[]
    expect(list.body.data!.pageContent.filter((b) => b.key in PUBLIC_CONTENT_KEYS)).toEqual(
      restList.map(({ key, content }) => ({ key, content })),
    )
    expect(list.body.data!.pageContent.map((b) => b.key)).toContain('test.gql')
  })
})
