import { describe, expect, it } from 'vitest'
import { formValuesFrom, parseOrder, splitList, toProjectPayload } from './form'
import type { AdminProject } from './queries'

describe('project form rules', () => {
  it('splits comma lists, trimming and dropping empties', () => {
    expect(splitList(' React ,  D1,, ,Workers ')).toEqual(['React', 'D1', 'Workers'])
    expect(splitList('')).toEqual([])
    expect(splitList(' , ')).toEqual([])
  })

  it('parses order as an integer, falling back to 0', () => {
    expect(parseOrder('7')).toBe(7)
    expect(parseOrder(' -2 ')).toBe(-2)
    expect(parseOrder('3.9')).toBe(3)
    expect(parseOrder('12px')).toBe(12)
    expect(parseOrder('abc')).toBe(0)
    expect(parseOrder('')).toBe(0)
  })

  it('starts a new project with the defaults', () => {
    expect(formValuesFrom()).toMatchObject({
      isPublic: true,
      featured: false,
      status: 'development',
      category: 'other',
      order: '0',
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
      metrics: ' 40% ',
    })
    expect(payload).toEqual({
      title: 'Clinic',
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
      metrics: '40%',
      testimonial: null,
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
      metrics: null,
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
    })
    // Round trip: opening and saving unchanged keeps the project as it was.
    expect(toProjectPayload(values)).toMatchObject({
      keyFeatures: ['a', 'b'],
      order: 5,
      liveUrl: 'https://example.com',
    })
  })
})
