// Shared by the billing REST tests: the cron, the outbox, time entries and invoices made over REST.
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { expect } from 'vitest'
import { createDb } from '../../worker/db'
import worker from '../../worker/index'
import { asOwner, json } from './billing-fixtures'

export const db = () => createDb(env.DB)
export const DAY = 86_400_000

export async function runCron(atMs: number) {
  const ctx = createExecutionContext()
  await worker.scheduled(createScheduledController({ scheduledTime: atMs }), env, ctx)
  await waitOnExecutionContext(ctx)
}

export const outboxTo = (email: string) =>
  env.DB.prepare('select subject, text_body as text from mail_outbox where recipient = ? order by id')
    .bind(email)
    .all<{ subject: string; text: string }>()
    .then((r) => r.results)

export async function record(clientId: number, minutes: number, extra: Record<string, unknown> = {}) {
  const res = await asOwner('/api/time-entries', {
    method: 'POST',
    json: { clientId, minutes, description: 'Printer queue fixed', ...extra },
  })
  expect(res.status).toBe(201)
  return json<{
    id: number
    rateCents: number
    blockId: number | null
    entries: { id: number; minutes: number; blockId: number | null }[]
  }>(res)
}

export async function invoiceFrom(body: Record<string, unknown>) {
  return asOwner('/api/invoices', { method: 'POST', json: body })
}
