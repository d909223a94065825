// The clinic's people (issue 55): words, limits and the payloads REST, GraphQL
// and the pages check the same way. docs/people.md explains the rules.

export const RUN_KINDS = ['onboarding', 'offboarding'] as const
export type RunKind = (typeof RUN_KINDS)[number]
export const STEP_KINDS = ['template', 'rotate', 'collect'] as const
export type StepKind = (typeof STEP_KINDS)[number]
export const TRAINING_STATUSES = ['draft', 'published'] as const
export type TrainingStatus = (typeof TRAINING_STATUSES)[number]
export const RECORD_STATUSES = ['done', 'pending', 'overdue'] as const
export type RecordStatus = (typeof RECORD_STATUSES)[number]

export type TrainingQuestion = { prompt: string; choices: string[]; answer: number }

/** What people read for each word. */
export const RECORD_STATUS_LABELS: Record<RecordStatus, string> = {
  done: 'Done',
  pending: 'To do',
  overdue: 'Overdue',
}
export const RUN_KIND_LABELS: Record<RunKind, string> = { onboarding: 'Arrival', offboarding: 'Departure' }

/** A departure's step done later than this after the leave time is late. */
export const LATE_AFTER_MS = 60 * 60_000
/** A person's training link works this long after it is sent (longer than any due date we set). */
export const TRAINING_LINK_MS = 90 * 24 * 60 * 60_000
/** Days a standing module is due after a new person's start date. */
export const STANDING_DUE_DAYS = 30
/** Reminders before the due date, in days; then one when overdue. */
export const REMINDER_DAYS = [7, 1] as const
/** HIPAA's six years (45 CFR 164.316(b)(2)): no record younger than this is ever removed. */
export const RECORD_KEEP_YEARS = 6

export const DEFAULT_TEMPLATES: Record<RunKind, string[]> = {
  onboarding: ['EHR account', 'Microsoft 365 account', 'VPN access', 'Door code', 'Badge'],
  offboarding: [
    'Disable the EHR account',
    'Disable the Microsoft 365 account',
    'Remove VPN access',
    'Change the door code',
    'Collect the badge',
  ],
}

/** A checklist's limits: the payload (templateInput) refuses more, and the admin's editor says so first. */
export const MAX_CHECKLIST_STEPS = 50
export const MAX_CHECKLIST_STEP_LENGTH = 200

export const MAX_QUESTIONS = 30
export const MAX_CHOICES = 8

/** A score in percent, rounded down: 4 of 5 is 80. */
export const scoreOf = (questions: TrainingQuestion[], answers: number[]) =>
  questions.length
    ? Math.floor((questions.filter((q, i) => answers[i] === q.answer).length * 100) / questions.length)
    : 0
