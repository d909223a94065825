import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formConstraints } from './form-constraints'
import { consultationInput, supportRequestInput } from './payloads'
import { PHONE_PATTERN } from './request-options'
import { singleLine } from './text'

describe('formConstraints', () => {
  it('reads the request forms’ limits from the schemas the intake checks', () => {
    const consultation = formConstraints(consultationInput)
    expect(consultation.name).toEqual({ required: true, maxLength: 120 })
    expect(consultation.email).toEqual({ required: true, maxLength: 254 })
    expect(consultation.phone).toEqual({ maxLength: 40, pattern: `(?:${PHONE_PATTERN})?` })
    expect(consultation.company).toEqual({ maxLength: 200 })
    expect(consultation.description).toEqual({ required: true, maxLength: 5000 })
    expect(consultation.projectType).toEqual({ required: true })
    expect(consultation.budget).toEqual({})
    expect(consultation.preferredDate).toEqual({ required: true })
    expect(consultation.preferredTime).toEqual({ required: true })

    const support = formConstraints(supportRequestInput)
    expect(support.phone).toEqual({ required: true, maxLength: 40, pattern: `(?:${PHONE_PATTERN})?` })
    expect(support.urgency).toEqual({ required: true })
    expect(support.preferredContact).toEqual({ required: true })
    expect(support.preferredTime).toEqual({})
    expect(support.businessName).toEqual({ maxLength: 200 })
  })

  it('follows a changed rule: a new maximum is the form’s new maxLength', () => {
    const changed = consultationInput.extend({ name: singleLine('Name', 80) })
    expect(formConstraints(changed).name).toEqual({ required: true, maxLength: 80 })
  })

  it('reads through optional, nullable, default and pipe wrappers, and keeps minimums above one', () => {
    const schema = z.object({
      code: z
        .string()
        .min(4)
        .max(8)
        .regex(/^[A-Z]+$/),
      note: z.string().max(30).nullish(),
      count: z.string().max(3).default('1'),
      piped: z.string().trim().pipe(z.string().min(2).max(9)),
      loose: z.string().regex(/ab/),
    })
    expect(formConstraints(schema)).toEqual({
      code: { required: true, minLength: 4, maxLength: 8, pattern: '[A-Z]+' },
      note: { maxLength: 30 },
      count: { maxLength: 3 },
      piped: { required: true, minLength: 2, maxLength: 9 },
      // An unanchored rule matches anywhere; the browser anchors a pattern itself.
      loose: { required: true, pattern: '[\\s\\S]*(?:ab)[\\s\\S]*' },
    })
  })

  it('gives a pattern the browser applies as the server does', () => {
    const { pattern } = formConstraints(consultationInput).phone
    const browser = new RegExp(`^(?:${pattern})$`, 'v')
    for (const value of ['+1 (555) 010-2030', '555.010.2030', '', 'call me maybe', '12'])
      expect(browser.test(value), value).toBe(consultationInput.shape.phone.safeParse(value).success)
  })
})
