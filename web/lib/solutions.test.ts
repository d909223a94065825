import { describe, expect, it } from 'vitest'
import {
  cardActions,
  cardAnimationDelay,
  cardImage,
  cardKeyFeatures,
  categoryCounts,
  effectiveStatus,
  featuredProjects,
  filterProjects,
  isValidUrl,
  type ProjectLike,
  parseFilter,
  primaryAction,
  publicCategory,
  statusLabel,
} from './solutions'

describe('isValidUrl', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com/path?q=1', true],
    ['  https://example.com  ', true],
    ['', false],
    ['   ', false],
    [null, false],
    [undefined, false],
    ['not a url', false],
    ['/relative/path.png', false],
    ['example.com', false],
    ['/api/placeholder/600/400', false],
    ['https://example.com/api/placeholder/600/400', false],
    ['javascript:alert(1)', false],
    ['mailto:someone@example.com', false],
  ])('%j -> %s', (url, valid) => {
    expect(isValidUrl(url)).toBe(valid)
  })
})

describe('publicCategory', () => {
  it.each([
    ['business-management', 'business-management'],
    ['ai-automation', 'ai-automation'],
    ['ai-chatbot', 'ai-automation'],
    ['healthcare', 'healthcare'],
    ['data-analytics', 'data-analytics'],
    ['pos', 'pos'],
    ['inventory', 'inventory'],
    ['other', 'other'],
    ['community-tools', 'other'],
    ['', 'other'],
    ['all', 'other'],
    ['Healthcare', 'other'],
  ])('%j shows under %s', (stored, shown) => {
    expect(publicCategory(stored)).toBe(shown)
  })

  it('treats a missing category as Other', () => {
    expect(publicCategory(null)).toBe('other')
    expect(publicCategory(undefined)).toBe('other')
  })
})

describe('categoryCounts and filterProjects', () => {
  const projects: ProjectLike[] = [
    { category: 'healthcare' },
    { category: 'healthcare' },
    { category: 'ai-chatbot' },
    { category: 'ai-automation' },
    { category: 'pos' },
    { category: 'community-tools' },
    { category: 'other' },
  ]

  it('counts every filter, legacy and unknown categories included', () => {
    expect(categoryCounts(projects)).toEqual({
      all: 7,
      'business-management': 0,
      'ai-automation': 2,
      healthcare: 2,
      'data-analytics': 0,
      pos: 1,
      inventory: 0,
      other: 2,
    })
  })

  it('the per-category counts add up to All', () => {
    const { all, ...rest } = categoryCounts(projects)
    expect(Object.values(rest).reduce((a, b) => a + b, 0)).toBe(all)
  })

  it('shows exactly the projects it counts, in the original order', () => {
    expect(filterProjects(projects, 'ai-automation')).toEqual([projects[2], projects[3]])
    expect(filterProjects(projects, 'other')).toEqual([projects[5], projects[6]])
    expect(filterProjects(projects, 'all')).toEqual(projects)
    expect(filterProjects(projects, 'inventory')).toEqual([])
  })

  it('counts zero everywhere for an empty list', () => {
    expect(Object.values(categoryCounts([])).every((n) => n === 0)).toBe(true)
  })

  it('parses a filter from a URL parameter, falling back to all', () => {
    expect(parseFilter('healthcare')).toBe('healthcare')
    expect(parseFilter('ai-chatbot')).toBe('all')
    expect(parseFilter(null)).toBe('all')
  })
})

describe('status labels', () => {
  it.each([
    ['production', 'Live & Ready'],
    ['beta', 'Beta Testing'],
    ['development', 'In Development'],
    ['private', 'Enterprise Only'],
    [null, 'Live & Ready'],
    [undefined, 'Live & Ready'],
    ['', 'Live & Ready'],
  ])('%j -> %s', (status, label) => {
    expect(statusLabel(status)).toBe(label)
  })

  it('treats a missing status as production', () => {
    expect(effectiveStatus(null)).toBe('production')
    expect(effectiveStatus('beta')).toBe('beta')
  })
})

describe('image fallback decision', () => {
  it.each([
    ['https://images.example.com/a.png', 'https://images.example.com/a.png'],
    [' https://images.example.com/a.png ', 'https://images.example.com/a.png'],
    [null, null],
    ['', null],
    ['not a url', null],
    ['/api/placeholder/600/400', null],
    ['https://site.example.com/api/placeholder/1', null],
  ])('%j -> %j', (image, shown) => {
    expect(cardImage(image)).toBe(shown)
  })
})

describe('action buttons', () => {
  const live = 'https://live.example.com'
  const demo = 'https://demo.example.com'
  it.each<[string, ProjectLike, string, string, boolean]>([
    [
      'production with a valid live URL',
      { category: 'pos', status: 'production', liveUrl: live },
      'View Live Solution',
      live,
      true,
    ],
    [
      'missing status counts as production',
      { category: 'pos', status: null, liveUrl: live },
      'View Live Solution',
      live,
      true,
    ],
    [
      'production and not public, but live: live wins (rule 1 first)',
      { category: 'pos', status: 'production', liveUrl: live, isPublic: false },
      'View Live Solution',
      live,
      true,
    ],
    [
      'production with a placeholder live URL falls through',
      { category: 'pos', status: 'production', liveUrl: '/api/placeholder/1', demoUrl: demo },
      'Schedule Demo',
      demo,
      true,
    ],
    [
      'private status',
      { category: 'pos', status: 'private', liveUrl: live, demoUrl: demo },
      'Contact for Access',
      '/schedule-consultation',
      false,
    ],
    [
      'not public',
      { category: 'pos', status: 'beta', isPublic: false, demoUrl: demo },
      'Contact for Access',
      '/schedule-consultation',
      false,
    ],
    [
      'beta with a demo URL',
      { category: 'pos', status: 'beta', liveUrl: live, demoUrl: demo },
      'Schedule Demo',
      demo,
      true,
    ],
    [
      'development with an invalid demo URL',
      { category: 'pos', status: 'development', demoUrl: 'nope' },
      'Learn More',
      '/schedule-consultation',
      false,
    ],
    ['nothing at all', { category: 'pos' }, 'Learn More', '/schedule-consultation', false],
  ])('%s', (_name, project, label, href, external) => {
    expect(primaryAction(project)).toMatchObject({ label, href, external })
  })

  it('always adds Discuss This Solution after the main button', () => {
    const actions = cardActions({ category: 'pos', status: 'production', liveUrl: live })
    expect(actions.map((a) => a.label)).toEqual(['View Live Solution', 'Discuss This Solution'])
    expect(actions[1]).toMatchObject({ href: '/schedule-consultation', external: false })
  })
})

describe('card details', () => {
  it('shows at most the first 3 key features', () => {
    expect(cardKeyFeatures({ category: 'x', keyFeatures: ['a', 'b', 'c', 'd'] })).toEqual(['a', 'b', 'c'])
    expect(cardKeyFeatures({ category: 'x', keyFeatures: ['a'] })).toEqual(['a'])
    expect(cardKeyFeatures({ category: 'x' })).toEqual([])
  })

  it('delays each card by 0.1 s per index', () => {
    expect([0, 1, 2, 3, 10].map(cardAnimationDelay)).toEqual(['0ms', '100ms', '200ms', '300ms', '1000ms'])
  })

  it('features the first 3 projects in list order when none is featured (SPEC §2)', () => {
    const list = [1, 2, 3, 4, 5].map((id) => ({ id, featured: false }))
    expect(featuredProjects(list).map((p) => p.id)).toEqual([1, 2, 3])
    expect(featuredProjects(list.slice(0, 1)).map((p) => p.id)).toEqual([1])
  })

  it('shows featured projects first in catalogue order, filled from the rest', () => {
    const list = [1, 2, 3, 4, 5].map((id) => ({ id, featured: id === 4 || id === 2 }))
    expect(featuredProjects(list).map((p) => p.id)).toEqual([2, 4, 1])
    const many = [1, 2, 3, 4, 5].map((id) => ({ id, featured: id > 1 }))
    expect(featuredProjects(many).map((p) => p.id)).toEqual([2, 3, 4])
  })
})
