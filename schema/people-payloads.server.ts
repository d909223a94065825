// The payloads of the clinic's people (issue 55), checked the same way by REST,
// GraphQL and the page actions; every refusal names its field.
import { z } from 'zod'
import { calendarDate } from './billing-payloads.server'
import { MAX_CHECKLIST_STEP_LENGTH, MAX_CHECKLIST_STEPS, MAX_CHOICES, MAX_QUESTIONS } from './people'
import { multiLine, optionalText, singleLine } from './text'

const positiveId = (label: string) =>
  z
    .number({ error: `${label} must be an id` })
    .int(`${label} must be an id`)
    .positive(`${label} must be an id`)

const email = z
  .string({ error: 'E-mail is required' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail must be at most 254 characters')
  .pipe(z.email({ error: 'E-mail must be an e-mail address' }))

const optionalDate = (label: string) =>
  z
    .union([z.literal('').transform(() => null), calendarDate(label)], {
      error: `${label} must be a date (YYYY-MM-DD)`,
    })
    .nullish()
    .transform((v) => v ?? null)

export const staffInput = z
  .object({
    name: singleLine('Name', 200),
    email,
    role: optionalText('Role', 200),
    startDate: optionalDate('Start date'),
  })
  .strict()
export type StaffInput = z.output<typeof staffInput>

export const staffPatch = z
  .object({
    name: singleLine('Name', 200).optional(),
    email: email.optional(),
    role: optionalText('Role', 200).optional(),
    startDate: optionalDate('Start date').optional(),
    leaveDate: optionalDate('Leave date').optional(),
    active: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .strict()
export type StaffPatch = z.output<typeof staffPatch>

const question = z
  .object({
    prompt: singleLine('Question', 500),
    choices: z
      .array(singleLine('Choice', 300), { error: 'Choices must be a list of texts' })
      .min(2, 'A question needs at least 2 choices')
      .max(MAX_CHOICES, `A question has at most ${MAX_CHOICES} choices`),
    answer: z.number({ error: 'Answer must be the number of a choice' }).int('Answer must be a whole number'),
  })
  .strict()
  .refine((q) => q.answer >= 0 && q.answer < q.choices.length, {
    message: 'Answer must be the number of one of its choices (from 0)',
    path: ['answer'],
  })

const questions = z
  .array(question, { error: 'Questions must be a list' })
  .min(1, 'A quiz needs at least one question')
  .max(MAX_QUESTIONS, `A quiz has at most ${MAX_QUESTIONS} questions`)

const passPercent = z
  .number({ error: 'Pass mark must be a number' })
  .int('Pass mark must be a whole number')
  .min(1, 'Pass mark must be between 1 and 100')
  .max(100, 'Pass mark must be between 1 and 100')

export const trainingInput = z
  .object({
    title: singleLine('Title', 200),
    body: multiLine('Content', 50_000),
    questions,
    passPercent: passPercent.default(80),
    draft: z.boolean({ error: 'Draft must be true or false' }).default(false),
  })
  .strict()
export type TrainingInput = z.output<typeof trainingInput>

export const trainingPatch = z
  .object({
    title: singleLine('Title', 200).optional(),
    body: multiLine('Content', 50_000).optional(),
    questions: questions.optional(),
    passPercent: passPercent.optional(),
    draft: z.boolean({ error: 'Draft must be true or false' }).optional(),
  })
  .strict()
export type TrainingPatch = z.output<typeof trainingPatch>

export const assignmentInput = z
  .object({
    clientId: positiveId('Client'),
    staffIds: z
      .array(positiveId('Person'), { error: 'People must be a list of ids' })
      .min(1, 'Choose at least one person, or leave people out for everyone')
      .max(500, 'At most 500 people at once')
      .optional(),
    dueDate: calendarDate('Due date'),
  })
  .strict()
export type AssignmentInput = z.output<typeof assignmentInput>

export const answersInput = z
  .object({
    answers: z
      .array(
        z.number({ error: 'Each answer must be a choice number' }).int('Each answer must be a whole number'),
        {
          error: 'Answers must be a list of choice numbers',
        },
      )
      .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} answers`),
  })
  .strict()

export const recordsQuery = z.object({
  year: z.coerce
    .number({ error: 'Year must be a year (YYYY)' })
    .int('Year must be a year (YYYY)')
    .min(2000, 'Year must be a year (YYYY)')
    .max(2100, 'Year must be a year (YYYY)')
    .optional(),
})

const instant = z.iso.datetime({ offset: true, error: 'Leaves at must be a date and time (ISO 8601)' })

export const offboardingInput = z.object({ staffId: positiveId('Person'), leavesAt: instant }).strict()
export const onboardingInput = z
  .object({
    staffId: positiveId('Person'),
    startsAt: z.iso.datetime({ offset: true, error: 'Starts at must be a date and time (ISO 8601)' }),
  })
  .strict()

export const stepPatch = z
  .object({
    done: z.literal(true, { error: 'Done must be true (a done step stays done)' }),
    note: optionalText('Note', 1000),
  })
  .strict()

export const templateInput = z
  .object({
    steps: z
      .array(singleLine('Step', MAX_CHECKLIST_STEP_LENGTH), { error: 'Steps must be a list of texts' })
      .max(MAX_CHECKLIST_STEPS, `At most ${MAX_CHECKLIST_STEPS} steps`),
  })
  .strict()

export const staffIdField = positiveId('Person')
  .nullish()
  .transform((v) => v ?? null)
