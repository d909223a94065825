// Time and money (issue 26) through the REST API, in workerd against local D1:
// the "done when" walk, then each rule on its own.
import { createExecutionContext, env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { addDays } from '../../schema/slot-time'
import worker from '../../worker/index'
import { createInvoice, sendInvoice } from '../../worker/services/invoices'
import { createPortalSession } from '../../worker/services/portal-sessions'
import {
  asOwner,
  checkoutEvent,
  countRows,
  type InvoiceBody,
  json,
  makeClient,
  owner,
  postWebhook,
} from './billing-fixtures'
import { DAY, db, invoiceFrom, outboxTo, record, runCron } from './billing-rest-fixtures'
import { call } from './helpers'

describe('the done-when walk', () => {
  it('bills 95 minutes at $120/hour once, is paid by a signed webhook once, and reminds once when overdue', async () => {
    const c = await makeClient()
    const entry = await record(c.clientId, 95, { requestReference: c.reference })
    expect(entry.rateCents).toBe(12_000)

    const created = await invoiceFrom({ clientId: c.clientId, source: 'time' })
    expect(created.status).toBe(201)
    const invoice = await json<InvoiceBody>(created)
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{4}$/)
    expect(invoice.totalCents).toBe(19_000)
    expect(invoice.status).toBe('draft')
    expect(invoice.lines).toHaveLength(1)
    expect(invoice.lines[0]!.description).toContain(c.reference)
    expect(invoice.lines[0]!.amountCents).toBe(19_000)

    // The PDF (its text is read by pdftotext in test/node/invoice-pdf.test.ts).
    const pdf = await asOwner(`/api/invoices/${invoice.id}/pdf`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')

    const sent = await asOwner(`/api/invoices/${invoice.id}/send`, { method: 'POST' })
    expect(sent.status).toBe(200)
    expect((await json(sent)).status).toBe('sent')
    const mails = await outboxTo(c.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain(invoice.number)
    // A portal sign-in link that leads to the invoice.
    const token = /\/portal\/sign-in\/([\w-]+)/.exec(mails[0]!.text)?.[1]
    expect(token).toBeTruthy()
    expect(
      await env.DB.prepare('select next from portal_links where contact_id = ?')
        .bind(c.contactId)
        .first('next'),
    ).toBe(`/portal/invoices/${invoice.id}`)

    // The entry is locked: not invoiced again, not deleted, not changed.
    expect((await invoiceFrom({ clientId: c.clientId, source: 'time' })).status).toBe(409)
    expect((await asOwner(`/api/time-entries/${entry.id}`, { method: 'DELETE' })).status).toBe(409)
    expect(
      (await asOwner(`/api/time-entries/${entry.id}`, { method: 'PATCH', json: { minutes: 5 } })).status,
    ).toBe(409)

    // Paid by Stripe's signed webhook; the replay records nothing more.
    const event = checkoutEvent(invoice.number, 19_000)
    const paid = await postWebhook(event)
    expect(paid.status).toBe(200)
    expect((await json(paid)).recorded).toBe('payment')
    const replay = await postWebhook(event)
    expect(replay.status).toBe(200)
    expect((await json(replay)).recorded).toBe('duplicate')
    const after = await json<InvoiceBody>(await asOwner(`/api/invoices/${invoice.id}`))
    expect(after.status).toBe('paid')
    expect(after.balanceCents).toBe(0)
    expect(after.payments).toHaveLength(1)
    expect(after.payments[0]!.method).toBe('stripe')

    // A second invoice, left unpaid, gets the overdue reminder once (and the paid one none).
    const other = await json<InvoiceBody>(
      await invoiceFrom({
        clientId: c.clientId,
        source: 'manual',
        lines: [{ description: 'Router', quantity: 1, unitPriceCents: 8_000 }],
      }),
    )
    await asOwner(`/api/invoices/${other.id}/send`, { method: 'POST' })
    const overdueAt = Date.parse(`${addDays(other.dueDate, 7)}T18:00:00Z`)
    await runCron(overdueAt)
    await runCron(overdueAt + 60_000)
    await runCron(overdueAt + DAY)
    const reminders = (await outboxTo(c.email)).filter((m) => /overdue|due/i.test(m.subject))
    expect(reminders.map((m) => m.subject)).toEqual([`Invoice ${other.number} is overdue`])
  })
})

describe('time entries', () => {
  it('takes the client default rate or an override, and refuses bad input with field errors and stores nothing', async () => {
    const c = await makeClient({ rateCents: null })
    const before = await countRows('select count(*) as n from time_entries where client_id = ?', c.clientId)
    // Time without a rate is kept, flagged (issue 36): time-never-lost.test.ts.
    const bad = await asOwner('/api/time-entries', {
      method: 'POST',
      json: {
        clientId: c.clientId,
        minutes: 0,
        description: '',
        date: '2026-02-31',
        requestReference: 'nope',
      },
    })
    expect(bad.status).toBe(400)
    const errors = (await json<{ errors: Record<string, string> }>(bad)).errors
    expect(Object.keys(errors).sort()).toEqual(['date', 'description', 'minutes', 'requestReference'])
    const notTheirs = await asOwner('/api/time-entries', {
      method: 'POST',
      json: { clientId: c.clientId, minutes: 10, description: 'x', rateCents: 100, requestReference: 'S-1' },
    })
    expect(notTheirs.status).toBe(400)
    expect(await countRows('select count(*) as n from time_entries where client_id = ?', c.clientId)).toBe(
      before,
    )
    const ok = await record(c.clientId, 30, { rateCents: 9_000, date: '2026-11-02' })
    expect(ok.rateCents).toBe(9_000)
    const patched = await asOwner(`/api/time-entries/${ok.id}`, { method: 'PATCH', json: { minutes: 45 } })
    expect(patched.status).toBe(200)
    expect((await json(patched)).minutes).toBe(45)
    expect((await asOwner(`/api/time-entries/${ok.id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await asOwner(`/api/time-entries/${ok.id}`, { method: 'DELETE' })).status).toBe(404)
  })

  it('answers 401 without the owner, for reads and writes', async () => {
    expect((await call('/api/time-entries')).status).toBe(401)
    expect(
      (
        await call('/api/time-entries', {
          method: 'POST',
          json: { clientId: 1, minutes: 5, description: 'x' },
        })
      ).status,
    ).toBe(401)
    expect((await call('/api/invoices')).status).toBe(401)
    expect((await call('/api/invoices/1/pdf')).status).toBe(401)
    expect(
      (await call('/api/invoices', { method: 'POST', json: { clientId: 1, source: 'time' } })).status,
    ).toBe(401)
    expect((await call('/api/timer')).status).toBe(401)
    expect((await call('/api/payments/unmatched')).status).toBe(401)
  })

  it('runs one timer at a time and records its time when stopped', async () => {
    const c = await makeClient()
    const start = await asOwner('/api/timer/start', {
      method: 'POST',
      json: { clientId: c.clientId, requestReference: c.reference, description: 'Remote session' },
    })
    expect(start.status).toBe(201)
    expect((await asOwner('/api/timer/start', { method: 'POST', json: {} })).status).toBe(409)
    expect((await json(await asOwner('/api/timer'))).running).toBe(true)
    const stopped = await asOwner('/api/timer/stop', { method: 'POST', json: {} })
    expect(stopped.status).toBe(201)
    const [entry] = await json<{ minutes: number; supportRequestId: number; description: string }[]>(stopped)
    expect(entry!.minutes).toBe(1)
    expect(entry!.supportRequestId).toBe(c.requestId)
    expect(entry!.description).toBe('Remote session')
    expect((await json(await asOwner('/api/timer'))).running).toBe(false)
    expect((await asOwner('/api/timer/stop', { method: 'POST', json: {} })).status).toBe(409)
  })
})

describe('prepaid blocks', () => {
  it('draw billable time first, split what does not fit, and send the low notice once', async () => {
    const c = await makeClient()
    const block = await asOwner('/api/prepaid-blocks', {
      method: 'POST',
      json: { clientId: c.clientId, minutes: 600, priceCents: 100_000 },
    })
    expect(block.status).toBe(201)
    const first = await record(c.clientId, 450)
    expect(first.blockId).not.toBeNull()
    expect(await outboxTo(c.email)).toHaveLength(0)
    const second = await record(c.clientId, 200)
    expect(second.entries.map((e) => [e.minutes, e.blockId !== null])).toEqual([
      [150, true],
      [50, false],
    ])
    const left = await json<{ remainingMinutes: number }[]>(
      await asOwner(`/api/prepaid-blocks?clientId=${c.clientId}`),
    )
    expect(left.map((b) => b.remainingMinutes)).toEqual([0])
    await record(c.clientId, 10)
    expect(
      (await outboxTo(c.email)).filter((m) => m.subject.startsWith('Prepaid hours running low')),
    ).toHaveLength(1)
    // Only the time past the block is billed as time.
    const invoice = await json<InvoiceBody>(await invoiceFrom({ clientId: c.clientId, source: 'time' }))
    expect(invoice.totalCents).toBe(12_000) // 50 + 10 minutes at $120/hour
    // The block itself is invoiced once.
    const blockId = (await json<{ id: number }>(block)).id
    const blockInvoice = await invoiceFrom({ clientId: c.clientId, source: 'block', blockId })
    expect(blockInvoice.status).toBe(201)
    expect((await json<InvoiceBody>(blockInvoice)).totalCents).toBe(100_000)
    expect((await invoiceFrom({ clientId: c.clientId, source: 'block', blockId })).status).toBe(409)
  })
})

describe('who may call', () => {
  it("refuses a client's portal session on the owner's routes (the portal cookie is not the owner's)", async () => {
    const c = await makeClient()
    const session = await createPortalSession(db(), c.contactId)
    const cookie = `portal_session=${session!.token}; __Host-portal_session=${session!.token}`
    for (const [path, init] of [
      ['/api/invoices', {}],
      ['/api/time-entries', { method: 'POST', json: { clientId: c.clientId, minutes: 5, description: 'x' } }],
      ['/api/invoices', { method: 'POST', json: { clientId: c.clientId, source: 'time' } }],
    ] as const) {
      const res = await call(path, { ...init, headers: { Cookie: cookie } })
      expect(res.status, path).toBe(401)
    }
    expect(await countRows('select count(*) as n from time_entries where client_id = ?', c.clientId)).toBe(0)
  })

  it('answers GraphQL only to the owner, with the same field errors as REST', async () => {
    const c = await makeClient()
    const mutation =
      'mutation($input: TimeEntryInput!) { createTimeEntry(input: $input) { id minutes rateCents } }'
    const gql = (cookie: string | null, variables: unknown) =>
      call('/graphql', {
        method: 'POST',
        headers: { 'x-graphql-yoga-csrf': '1', ...(cookie ? { Cookie: cookie } : {}) },
        json: { query: mutation, variables },
      })
    const input = { clientId: String(c.clientId), minutes: 95, description: 'Printer queue fixed' }
    expect((await gql(null, { input })).status).toBe(401)
    const cookie = await owner()
    const bad = await gql(cookie, { input: { ...input, minutes: 0, date: 'soon' } })
    const badBody = await json<{ errors: { extensions: { errors: Record<string, string> } }[] }>(bad)
    expect(Object.keys(badBody.errors[0]!.extensions.errors).sort()).toEqual(['date', 'minutes'])
    const ok = await json<{ data: { createTimeEntry: { minutes: number; rateCents: number }[] } }>(
      await gql(cookie, { input }),
    )
    expect(ok.data.createTimeEntry[0]).toMatchObject({ minutes: 95, rateCents: 12_000 })
  })

  it('refuses every webhook when no webhook secret is configured', async () => {
    const invoice = await createInvoice(db(), {
      clientId: (await makeClient()).clientId,
      source: 'manual',
      lines: [{ description: 'x', quantity: 1, unitPriceCents: 100 }],
    })
    const event = checkoutEvent(invoice.number, 100)
    const res = await worker.fetch(
      new Request('http://localhost:8787/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'Stripe-Signature': 't=1,v1=00' },
        body: JSON.stringify(event),
      }),
      { ...env, STRIPE_WEBHOOK_SECRET: '' } as Env,
      createExecutionContext(),
    )
    expect(res.status).toBe(400)
    expect(await countRows('select count(*) as n from payments where invoice_id = ?', invoice.id)).toBe(0)
  })
})

describe('reminders', () => {
  it('go 3 days before, on the due date and 7 days after, each once, and not for a paid invoice', async () => {
    const c = await makeClient()
    const invoice = await createInvoice(db(), {
      clientId: c.clientId,
      source: 'manual',
      lines: [{ description: 'Support plan', quantity: 1, unitPriceCents: 30_000 }],
    })
    await sendInvoice(db(), env, invoice.id)
    const paid = await createInvoice(db(), {
      clientId: c.clientId,
      source: 'manual',
      lines: [{ description: 'x', quantity: 1, unitPriceCents: 100 }],
    })
    await sendInvoice(db(), env, paid.id)
    await asOwner(`/api/invoices/${paid.id}/payments`, {
      method: 'POST',
      json: { amountCents: 100, method: 'cash' },
    })
    const at = (offset: number) => Date.parse(`${addDays(invoice.dueDate, offset)}T18:00:00Z`)
    await runCron(at(-5))
    await runCron(at(-3))
    await runCron(at(-3) + 300_000)
    await runCron(at(0))
    await runCron(at(2))
    await runCron(at(7))
    await runCron(at(30))
    // The reminders among the client's mails (the two invoices' own mails say "from", the paid one's
    // receipt starts "Receipt"); none for the paid one.
    const subjects = (await outboxTo(c.email))
      .map((m) => m.subject)
      .filter((s) => !s.includes(' from ') && !s.startsWith('Receipt'))
    expect(subjects).toEqual([
      `Reminder: invoice ${invoice.number} is due on ${invoice.dueDate}`,
      `Invoice ${invoice.number} is due today`,
      `Invoice ${invoice.number} is overdue`,
    ])
  })
})
