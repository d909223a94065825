// The person's training page (issue 55), /training/<token>: no sign-in, the
// signed link names one assignment of one person (services/people/training).
// The content arrives rendered, dates worded; a submission is scored and recorded.
import { formatBusinessDateTime } from '../../schema/business-time'
import { renderMarkdown } from '../../schema/markdown'
import { formatCalendarDate } from '../../schema/slot-time'
import type { Db } from '../db'
import { submitAnswers, trainingByToken } from './people/training'
import { refusedWithStatus } from './portal-people'

export type TrainingPageView = {
  personName: string
  clientName: string
  title: string
  /** The content, Markdown rendered safely on the server (schema/markdown.ts). */
  bodyHtml: string
  version: number
  passPercent: number
  questions: { prompt: string; choices: string[] }[]
  /** "December 29, 2026" */
  due: string
  /** "Passed on ... with 100%", or null. */
  passed: string | null
  attempts: number
}

export type TrainingOutcome =
  | { ok: true; passed: boolean; score: number; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string; errors: Record<string, string> }

/** The training a link names; null for a bad, expired or foreign link (the page answers 404). */
export async function trainingPageView(db: Db, env: Env, token: string): Promise<TrainingPageView | null> {
  const found = await trainingByToken(db, env, token)
  if (!found) return null
  const { page } = found
  return {
    personName: page.personName,
    clientName: page.clientName,
    title: page.title,
    bodyHtml: renderMarkdown(page.body),
    version: page.version,
    passPercent: page.passPercent,
    questions: page.questions,
    due: formatCalendarDate(page.dueDate),
    passed: page.passed
      ? `Passed on ${formatBusinessDateTime(page.passed.at)} with ${page.passed.score}%.`
      : null,
    attempts: page.attempts,
  }
}

/** The quiz's answers (null: none chosen), scored and recorded. */
export async function submitTraining(
  db: Db,
  env: Env,
  token: string,
  answers: (number | null)[],
): Promise<TrainingOutcome> {
  const missing = answers.indexOf(null)
  if (missing >= 0)
    return {
      ok: false,
      status: 400,
      message: 'Answer every question.',
      errors: { [`q${missing}`]: `Question ${missing + 1}: choose an answer` },
    }
  try {
    const r = await submitAnswers(db, env, token, answers as number[])
    return {
      ok: true,
      ...r,
      message: r.passed
        ? `You passed with ${r.score}%. Thank you: your training is recorded.`
        : `You scored ${r.score}%, below the pass mark. Read the page again and retry.`,
    }
  } catch (err) {
    return refusedWithStatus(err)
  }
}
