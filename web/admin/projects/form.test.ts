import { describe, expect, it } from 'vitest'
import { formValuesFrom, isDirty, parseOrder, splitList, toProjectPayload } from './form'
import type { AdminProject } from './queries'

describe('project form rules', () => {
  it('splits comma lists, trimming and dropping empties', () => {
    expect(splitList(' React ,  D1,, ,Workers ')).toEqual(['React', 'D1', 'Workers'])
    expect(splitList('')).toEqual([])
    expect(splitList(' , ')).toEqual([])
  })

  it('parses order as an integer, falling back to 0; blank is left to the server (placed last)', () => {
    expect(parseOrder('7')).toBe(7)
    expect(parseOrder(' -2 ')).toBe(-2)
    expect(parseOrder('3.9')).toBe(3)
    expect(parseOrder('12px')).toBe(12)
    expect(parseOrder('abc')).toBe(0)
    expect(parseOrder('')).toBeNull()
    expect(parseOrder('  ')).toBeNull()
  })

  it('starts a new project with the defaults', () => {
    expect(formValuesFrom()).toMatchObject({
      isPublic: true,
      featured: false,
      status: 'development',
      category: 'other',
      order: '',
      slug: '',
      metrics: [],
    })
  })

  it('builds the payload: lists split, order parsed, blanks null', () => {
    const payload = toProjectPayload({
      ...formValuesFrom(),
      title: '  Clinic  ',
      description: 'Books patients',
      technologies: 'React, D1,',
      keyFeatures: '',
      order: 'x',
      liveUrl: '  ',
      metrics: [
        { label: ' Cost ', value: ' 40% ' },
        { label: '', value: '' },
      ],
      testimonial: { quote: ' Great ', author: ' Ann ', role: '' },
    })
    expect(payload).toEqual({
      title: 'Clinic',
      slug: null,
      description: 'Books patients',
      category: 'other',
      status: 'development',
      isPublic: true,
      featured: false,
      businessValue: null,
      problemSolved: null,
      targetAudience: null,
      image: null,
      liveUrl: null,
      githubUrl: null,
      demoUrl: null,
      metrics: [{ label: 'Cost', value: '40%' }],
      testimonial: { quote: 'Great', author: 'Ann', role: '' },
      keyFeatures: [],
      technologies: ['React', 'D1'],
      order: 0,
    })
  })

  it('opens an existing project with its values; legacy and missing values mapped', () => {
    const project: AdminProject = {
      id: '4',
      title: 'Bot',
      description: 'd',
      category: 'ai-chatbot',
      businessValue: null,
      keyFeatures: ['a', 'b'],
      problemSolved: 'p',
      targetAudience: null,
      status: null,
      image: null,
      technologies: ['x'],
      liveUrl: 'https://example.com',
      githubUrl: null,
      demoUrl: null,
      isPublic: false,
      featured: true,
      order: 5,
      slug: 'bot',
      metrics: [{ label: 'Saved', value: '3h' }],
      testimonial: null,
    }
    const values = formValuesFrom(project)
    expect(values).toMatchObject({
      category: 'ai-automation',
      status: 'production',
      keyFeatures: 'a, b',
      technologies: 'x',
      order: '5',
      isPublic: false,
      featured: true,
      businessValue: '',
      slug: 'bot',
      metrics: [{ label: 'Saved', value: '3h' }],
      testimonial: { quote: '', author: '', role: '' },
    })
    expect(isDirty(values, values)).toBe(false)
    expect(isDirty(values, { ...values, title: 'Bot 2' })).toBe(true)
    // Round trip: opening and saving unchanged keeps the project as it was.
    expect(toProjectPayload(values)).toMatchObject({
      keyFeatures: ['a', 'b'],
      order: 5,
      slug: 'bot',
      liveUrl: 'https://example.com',
      metrics: [{ label: 'Saved', value: '3h' }],
      testimonial: null,
    })
  })
})
