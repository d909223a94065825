// The portal quote page's server side without JavaScript (issue 25): the
// posted form becomes the accept or decline call with the ticked options and
// the page's document hash; "Update totals" only echoes the options back; a
// refused acceptance answers 400 (fields) or 409 (state), and the page renders
// the totals of the ticked options.
import { fireEvent, render, screen, within } from '@testing-library/react'
import { createRoutesStub, RouterContextProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { type PageRequest, pageRequest } from '../../worker/page-context'
import { NotFound } from '../../worker/services/errors'
import type { PortalQuoteView, QuoteDecision } from '../../worker/services/portal-quotes'
import QuotePage, { action, loader } from './portal_.quotes.$id'

/** What the page asks of its service (worker/services/portal-quotes.ts), replaced here by mocks. */
type PortalQuotesServer = {
  quote(id: string): Promise<PortalQuoteView | null>
  accept(
    id: string,
    form: { signerName: string; agree: boolean; chosenLineIds: number[]; documentHash: string },
  ): Promise<QuoteDecision>
  decline(id: string, reason: string): Promise<QuoteDecision>
  askForChanges(id: string, message: string): Promise<QuoteDecision>
}

/** The mocks the service module answers with in this file: set by contextWith. */
const current = vi.hoisted(() => ({ server: null as unknown as PortalQuotesServer }))

vi.mock('../../worker/services/portal-quotes', () => ({
  quoteIdOf: (id: string) => (/^[1-9][0-9]*$/.test(id) ? Number(id) : null),
  // A quote the mock does not give is another client's: the service's NotFound.
  portalQuoteView: async (_db: unknown, _env: unknown, _scope: unknown, id: string) => {
    const view = await current.server.quote(id)
    if (!view) throw new NotFound()
    return view
  },
  portalQuoteDecisions: () => ({
    accept: (...args: Parameters<PortalQuotesServer['accept']>) => current.server.accept(...args),
    decline: (...args: Parameters<PortalQuotesServer['decline']>) => current.server.decline(...args),
    askForChanges: (...args: Parameters<PortalQuotesServer['askForChanges']>) =>
      current.server.askForChanges(...args),
  }),
}))

const view: PortalQuoteView = {
  id: 7,
  label: 'Q-2026-0007',
  title: 'Network refresh',
  status: 'sent',
  statusLabel: 'Sent',
  clientName: 'Riverside Dental',
  ownerName: 'Alex Morgan',
  introHtml: '<p>Scope</p>',
  validUntil: '2026-12-24',
  validUntilLabel: 'Thursday, December 24, 2026',
  currency: 'USD',
  lines: [
    {
      id: 1,
      description: 'Router',
      quantityMilli: 1000,
      unit: null,
      unitPriceCents: 150_000,
      optional: false,
    },
    {
      id: 2,
      description: 'Training',
      quantityMilli: 2000,
      unit: 'hours',
      unitPriceCents: 9_500,
      optional: true,
    },
  ],
  discountCents: 0,
  taxRateBp: 0,
  depositPercent: 50,
  paymentTerms: 'Net 15',
  agreements: [{ name: 'Business Associate Agreement', html: '<h1>BAA</h1>' }],
  offerHash: 'f'.repeat(64),
  closedReason: null,
  chosenLineIds: null,
  signature: null,
  declineReason: null,
  pdfHref: '/portal/quotes/7/pdf',
  current: null,
  changeRequests: [],
  depositInvoice: null,
}

function server(overrides: Partial<PortalQuotesServer> = {}): PortalQuotesServer {
  return {
    quote: vi.fn(async (id: string) => (id === '7' ? view : null)),
    accept: vi.fn(async () => ({ ok: true as const, message: 'Accepted' })),
    decline: vi.fn(async () => ({ ok: true as const, message: 'Declined' })),
    askForChanges: vi.fn(async () => ({ ok: true as const, message: 'Sent' })),
    ...overrides,
  }
}

/** A signed-in contact's request, with the service answering through `s`. */
function contextWith(s: PortalQuotesServer) {
  current.server = s
  const context = new RouterContextProvider()
  context.set(pageRequest, {
    contact: { clientId: 1, contactId: 1, name: 'Dana', email: 'dana@example.com' },
    later: () => {},
  } as unknown as PageRequest)
  return context
}

const post = (fields: [string, string][]) => {
  const body = new URLSearchParams(fields)
  return new Request('http://localhost/portal/quotes/7', { method: 'POST', body })
}

type Answer = { data: Record<string, unknown>; init: { status?: number } | null }
const run = async (s: PortalQuotesServer, fields: [string, string][]) =>
  (await action({
    request: post(fields),
    params: { id: '7' },
    context: contextWith(s),
  } as never)) as unknown as Answer

describe('the portal quote page without JavaScript', () => {
  it('accepts with the ticked options, the typed name, "I agree" and the page hash', async () => {
    const s = server()
    const answer = await run(s, [
      ['intent', 'accept'],
      ['option', '2'],
      ['signerName', 'Dana Whitfield'],
      ['agree', 'yes'],
      ['documentHash', 'f'.repeat(64)],
    ])
    expect(s.accept).toHaveBeenCalledWith('7', {
      signerName: 'Dana Whitfield',
      agree: true,
      chosenLineIds: [2],
      documentHash: 'f'.repeat(64),
    })
    expect(answer.init?.status).toBe(200)
    expect(answer.data).toMatchObject({ ok: true, message: 'Accepted' })
  })

  it('answers 400 for missing fields and 409 for a closed quote or a changed document', async () => {
    const fields = server({
      accept: vi.fn(async () => ({
        ok: false as const,
        message: 'Fix',
        errors: { agree: 'Tick "I agree" to accept' },
      })),
    })
    expect((await run(fields, [['intent', 'accept']])).init?.status).toBe(400)
    const closed = server({
      accept: vi.fn(async () => ({ ok: false as const, message: 'Already accepted', errors: {} })),
    })
    expect((await run(closed, [['intent', 'accept']])).init?.status).toBe(409)
    const changed = server({
      accept: vi.fn(async () => ({
        ok: false as const,
        message: 'Changed',
        errors: { documentHash: 'Changed' },
      })),
    })
    expect((await run(changed, [['intent', 'accept']])).init?.status).toBe(409)
  })

  it('"Update totals" calls nothing and keeps the ticks; decline passes the reason', async () => {
    const s = server()
    const answer = await run(s, [
      ['intent', 'recompute'],
      ['option', '2'],
      ['signerName', 'Dana'],
    ])
    expect(s.accept).not.toHaveBeenCalled()
    expect(answer).toMatchObject({ chosen: [2], signerName: 'Dana' })
    await run(s, [
      ['intent', 'decline'],
      ['reason', 'Over budget'],
    ])
    expect(s.decline).toHaveBeenCalledWith('7', 'Over budget')
  })

  it("is a 404 for a quote the server does not give (another client's)", async () => {
    await expect(
      loader({ params: { id: '8' }, context: contextWith(server()) } as never),
    ).rejects.toMatchObject({
      init: { status: 404 },
    })
  })

  it('renders the totals, and with JavaScript they follow each tick', async () => {
    const s = server()
    const Stub = createRoutesStub(
      [{ path: '/portal/quotes/:id', Component: QuotePage, loader, action }],
      contextWith(s),
    )
    render(<Stub initialEntries={['/portal/quotes/7']} />)
    expect((await screen.findByTestId('quote-total')).textContent).toBe('$1,500.00')
    const training = screen.getByRole('checkbox', { name: /Training/ }) as HTMLInputElement
    expect(training.checked).toBe(false)
    screen.getByRole('button', { name: 'Update totals' })
    screen.getByRole('button', { name: 'Accept and sign' })
    // With JavaScript the total follows the tick at once.
    fireEvent.click(training)
    expect(screen.getByTestId('quote-total').textContent).toBe('$1,690.00')
  })

  it("keeps one h1: the agreement's Markdown headings go under its own h2", async () => {
    const s = server()
    const Stub = createRoutesStub(
      [{ path: '/portal/quotes/:id', Component: QuotePage, loader, action }],
      contextWith(s),
    )
    // Queried within this render: another test's page may still be in the shared document.
    const { container } = render(<Stub initialEntries={['/portal/quotes/7']} />)
    const page = within(container)
    const agreement = await page.findByRole('region', { name: 'Business Associate Agreement' })
    expect(page.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(agreement.querySelector('h3')?.textContent).toBe('BAA')
  })

  it('"Ask for changes" passes the message to the owner; a missing message is a 400 (issue 36)', async () => {
    const s = server()
    const answer = await run(s, [
      ['intent', 'changes'],
      ['message', 'Please drop the training'],
    ])
    expect(s.askForChanges).toHaveBeenCalledWith('7', 'Please drop the training')
    expect(s.accept).not.toHaveBeenCalled()
    expect(answer.init?.status).toBe(200)
    const empty = server({
      askForChanges: vi.fn(async () => ({
        ok: false as const,
        message: 'Fix',
        errors: { message: 'Message is required' },
      })),
    })
    expect((await run(empty, [['intent', 'changes']])).init?.status).toBe(400)
  })

  it('offers "Ask for changes" on an open quote, and a replaced revision links to the current one (issue 36)', async () => {
    const s = server({
      quote: vi.fn(async (id: string) =>
        id === '7'
          ? view
          : {
              ...view,
              id: 6,
              status: 'superseded',
              closedReason: 'This quote was replaced by a newer revision.',
              current: { label: 'Q-2026-0007 rev 2', href: '/portal/quotes/7' },
            },
      ),
    })
    const Stub = createRoutesStub(
      [{ path: '/portal/quotes/:id', Component: QuotePage, loader, action }],
      contextWith(s),
    )
    const open = within(render(<Stub initialEntries={['/portal/quotes/7']} />).container)
    await open.findByRole('button', { name: 'Ask for changes' })
    const old = within(render(<Stub initialEntries={['/portal/quotes/6']} />).container)
    const link = (await old.findByTestId('current-revision')) as HTMLAnchorElement
    expect(link.getAttribute('href')).toBe('/portal/quotes/7')
    expect(link.textContent).toBe('Open Q-2026-0007 rev 2')
    expect(old.queryByRole('button', { name: 'Ask for changes' })).toBeNull()
  })
})
