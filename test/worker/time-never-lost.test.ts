// Tracked time is never lost (issue 36.1): a timer stopped for a client with no
// rate still saves its entry, flagged "needs a rate", which cannot be invoiced
// until the owner sets one; a stop that cannot record leaves the timer running;
// entries are editable until billed, over REST and GraphQL.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { gql } from './admin-helpers'
import { asOwner, type InvoiceBody, json, makeClient } from './billing-fixtures'

type Entry = {
  id: number
  rateCents: number
  needsRate: boolean
  minutes: number
  supportRequestId: number | null
}

const timerRunning = async () => (await json<{ running: boolean }>(await asOwner('/api/timer'))).running

describe('the timer never loses tracked time', () => {
  it('saves the entry of a client without a rate, flagged as needing one', async () => {
    const c = await makeClient({ rateCents: null })
    expect(
      (
        await asOwner('/api/timer/start', {
          method: 'POST',
          json: { clientId: c.clientId, requestReference: c.reference, description: 'Printer' },
        })
      ).status,
    ).toBe(201)
    const stopped = await asOwner('/api/timer/stop', { method: 'POST', json: {} })
    expect(stopped.status).toBe(201)
    const [entry] = await json<Entry[]>(stopped)
    expect(entry).toMatchObject({ needsRate: true, rateCents: 0, supportRequestId: c.requestId })
    expect(await timerRunning()).toBe(false)
  })

  it('uses the rate asked at start for a client without one', async () => {
    const c = await makeClient({ rateCents: null })
    await asOwner('/api/timer/start', { method: 'POST', json: { clientId: c.clientId, rateCents: 9_500 } })
    const [entry] = await json<Entry[]>(await asOwner('/api/timer/stop', { method: 'POST', json: {} }))
    expect(entry).toMatchObject({ needsRate: false, rateCents: 9_500 })
  })

  it('keeps the timer running when the stop cannot record (no client, a wrong request)', async () => {
    await asOwner('/api/timer/start', { method: 'POST', json: { description: 'Unsorted' } })
    const noClient = await asOwner('/api/timer/stop', { method: 'POST', json: {} })
    expect(noClient.status).toBe(400)
    expect((await json<{ errors: Record<string, string> }>(noClient)).errors.clientId).toBeTruthy()
    expect(await timerRunning()).toBe(true)
    const c = await makeClient()
    const other = await makeClient()
    const wrong = await asOwner('/api/timer/stop', {
      method: 'POST',
      json: { clientId: c.clientId, requestReference: other.reference },
    })
    expect(wrong.status).toBe(400)
    expect(await timerRunning()).toBe(true)
    const ok = await asOwner('/api/timer/stop', { method: 'POST', json: { clientId: c.clientId } })
    expect(ok.status).toBe(201)
  })

  it('records manual time without a rate too, flagged', async () => {
    const c = await makeClient({ rateCents: null })
    const res = await asOwner('/api/time-entries', {
      method: 'POST',
      json: { clientId: c.clientId, minutes: 30, description: 'Call' },
    })
    expect(res.status).toBe(201)
    expect(await json<Entry>(res)).toMatchObject({ needsRate: true })
  })
})

describe('an entry that needs a rate', () => {
  it('is not invoiced until a rate is set, then is', async () => {
    const c = await makeClient({ rateCents: null })
    const entry = await json<Entry>(
      await asOwner('/api/time-entries', {
        method: 'POST',
        json: { clientId: c.clientId, minutes: 60, description: 'Backup check' },
      }),
    )
    const early = await asOwner('/api/invoices', {
      method: 'POST',
      json: { clientId: c.clientId, source: 'time' },
    })
    expect(early.status).toBeGreaterThanOrEqual(400)
    expect(early.status).toBeLessThan(500)
    const patched = await asOwner(`/api/time-entries/${entry.id}`, {
      method: 'PATCH',
      json: { rateCents: 10_000 },
    })
    expect(patched.status).toBe(200)
    expect(await json<Entry>(patched)).toMatchObject({ needsRate: false, rateCents: 10_000 })
    const invoice = await asOwner('/api/invoices', {
      method: 'POST',
      json: { clientId: c.clientId, source: 'time' },
    })
    expect(invoice.status).toBe(201)
    expect((await json<InvoiceBody>(invoice)).totalCents).toBe(10_000)
  })

  it('is refused by the database if anything tries to bill it', async () => {
    const c = await makeClient({ rateCents: null })
    const entry = await json<Entry>(
      await asOwner('/api/time-entries', {
        method: 'POST',
        json: { clientId: c.clientId, minutes: 15, description: 'Quick fix' },
      }),
    )
    const inv = await json<InvoiceBody>(
      await asOwner('/api/invoices', {
        method: 'POST',
        json: {
          clientId: c.clientId,
          source: 'manual',
          lines: [{ description: 'Setup', quantity: 1, unitPriceCents: 5_000 }],
        },
      }),
    )
    await expect(
      env.DB.prepare('update time_entries set invoice_id = ? where id = ?').bind(inv!.id, entry.id).run(),
    ).rejects.toThrow(/needs a rate/)
  })
})

describe('entries are editable until billed', () => {
  const UPDATE =
    'mutation($id: ID!, $input: TimeEntryPatch!) { updateTimeEntry(id: $id, input: $input) { id minutes rateCents needsRate } }'

  it('through GraphQL, with CONFLICT once on an invoice', async () => {
    const c = await makeClient({ rateCents: null })
    const entry = await json<Entry>(
      await asOwner('/api/time-entries', {
        method: 'POST',
        json: { clientId: c.clientId, minutes: 45, description: 'Router swap' },
      }),
    )
    const edited = await gql<{ updateTimeEntry: Record<string, unknown> }>(UPDATE, {
      id: String(entry.id),
      input: { minutes: 50, rateCents: 12_000 },
    })
    expect(edited.body.errors).toBeUndefined()
    expect(edited.body.data?.updateTimeEntry).toMatchObject({
      minutes: 50,
      rateCents: 12_000,
      needsRate: false,
    })
    const bad = await gql(UPDATE, { id: String(entry.id), input: { minutes: 0 } })
    expect(bad.body.errors?.[0]?.extensions?.errors?.minutes).toBeTruthy()
    expect(
      (await asOwner('/api/invoices', { method: 'POST', json: { clientId: c.clientId, source: 'time' } }))
        .status,
    ).toBe(201)
    const late = await gql(UPDATE, { id: String(entry.id), input: { minutes: 55 } })
    expect(late.body.errors?.[0]?.extensions?.code).toBe('CONFLICT')
    const rest = await asOwner(`/api/time-entries/${entry.id}`, { method: 'PATCH', json: { minutes: 55 } })
    expect(rest.status).toBe(409)
  })
})
