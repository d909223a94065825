// Shared by the people tests (issue 55): a clinic with a contact and people
// on its roster, a published module, the training mails and their links.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import worker from '../../worker/index'
import { asOwner, json, makeClient } from './billing-fixtures'
import { call } from './helpers'

export const QUIZ = [
  { prompt: 'May you share your password with a colleague?', choices: ['Yes', 'No'], answer: 1 },
  { prompt: 'A lost phone with patient e-mail is', choices: ['Nothing', 'A possible breach'], answer: 1 },
  { prompt: 'Lock your screen when you', choices: ['Leave the desk', 'Go home only'], answer: 0 },
  { prompt: 'Phishing e-mails should be', choices: ['Reported', 'Answered'], answer: 0 },
  { prompt: 'Patient data may go to', choices: ['Personal Gmail', 'Only approved systems'], answer: 1 },
]
export const RIGHT = QUIZ.map((q) => q.answer)

export async function runCron(at: Date) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: at.getTime() }), env, ctx)
  await waitOnExecutionContext(ctx)
}

export async function module(title = 'HIPAA security basics', extra: Record<string, unknown> = {}) {
  const res = await asOwner('/api/trainings', {
    method: 'POST',
    json: { title, body: '## Passwords\n\nNever share them.', questions: QUIZ, ...extra },
  })
  if (res.status !== 201) throw new Error(`module: ${res.status} ${await res.text()}`)
  return json<{ id: number; version: number }>(res)
}

let seq = 0
/** A clinic with a contact and `n` people on its roster. */
export async function clinic(n = 3, startDate?: string) {
  const c = await makeClient()
  const people: { id: number; email: string; name: string }[] = []
  for (let i = 0; i < n; i++) {
    const email = `person${++seq}-${crypto.randomUUID().slice(0, 8)}@clinic.example`
    const name = ['Ana Lopez', 'Ben Okafor', 'Chen Wei', 'Dara Nolan'][i % 4]!
    const res = await asOwner(`/api/clients/${c.clientId}/staff`, {
      method: 'POST',
      json: { name, email, role: 'Front desk', ...(startDate ? { startDate } : {}) },
    })
    if (res.status !== 201) throw new Error(`staff: ${res.status} ${await res.text()}`)
    people.push({ id: (await json<{ id: number }>(res)).id, email, name })
  }
  return { ...c, people }
}

export type Mail = { recipient: string; subject: string; text_body: string; once_key: string }

export async function trainingMail(recipient?: string): Promise<Mail[]> {
  const { results } = await env.DB.prepare(
    "select recipient, subject, text_body, once_key from mail_outbox where kind = 'training' order by id",
  ).all<Mail>()
  return recipient ? results.filter((m) => m.recipient === recipient) : results
}

/** The personal link's path in the person's latest training mail. */
export async function linkOf(recipient: string): Promise<string> {
  const mails = await trainingMail(recipient)
  const last = mails.at(-1)
  const match = last?.text_body.match(/https?:\/\/[^\s]+(\/training\/[^\s]+)/)
  if (!match) throw new Error(`no training link for ${recipient}`)
  return match[1]!
}

export const answer = (path: string, answers: number[]) => call(path, { method: 'POST', json: { answers } })
