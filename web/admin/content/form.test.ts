import { describe, expect, it } from 'vitest'
import { canSave, preview } from './form'

describe('content form rules', () => {
  it('creating needs both a key and content', () => {
    expect(canSave('create', '', '')).toBe(false)
    expect(canSave('create', 'home.title', '')).toBe(false)
    expect(canSave('create', '', 'Hello')).toBe(false)
    expect(canSave('create', '  ', 'Hello')).toBe(false)
    expect(canSave('create', 'home.title', 'Hello')).toBe(true)
  })

  it('editing needs content only', () => {
    expect(canSave('edit', 'home.title', '')).toBe(false)
    expect(canSave('edit', 'home.title', '   ')).toBe(false)
    expect(canSave('edit', 'home.title', 'Hello')).toBe(true)
  })

  it('previews keep 200 characters and add an ellipsis only when cut', () => {
    expect(preview('short')).toBe('short')
    expect(preview('a'.repeat(200))).toBe('a'.repeat(200))
    expect(preview(`${'a'.repeat(200)}bcd`)).toBe(`${'a'.repeat(200)}...`)
  })
})

describe('content pages', () => {
  it('labels every page whose keys the public pages read', async () => {
    const { CONTENT_PAGES } = await import('../../../schema/public-content')
    const { PAGE_LABELS } = await import('./form')
    expect(Object.keys(PAGE_LABELS).sort()).toEqual([...CONTENT_PAGES].sort())
  })
})
