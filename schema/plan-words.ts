// A plan period's figures in words (issue 52), for the admin card, the
// portal's plan page and the usage e-mail alike: each says what was billed and
// what will be, from the figures of worker/services/plan-figures.ts (the admin
// receives the same fields through GraphQL). No drizzle or zod: the browser
// imports it.
import { formatCents } from './money'
import { dateWords, hoursText } from './plans'

export type FigureWords = {
  label: string
  state: 'open' | 'ended' | 'billed'
  paused: boolean
  billableFrom: string
  includedMinutes: number
  rolloverMinutes: number
  usedMinutes: number
  overageMinutes: number
  overageRateCents: number
  overageCents: number
  invoice: { number: string; status: string; totalCents: number } | null
  late: {
    pendingMinutes: number
    pendingOverageMinutes: number
    pendingOverageCents: number
    billedMinutes: number
    billedOverageCents: number
    billedOn: { number: string }[]
    notBilledMinutes: number
    undecidedMinutes: number
  }
  carriedIn: {
    label: string
    minutes: number
    overageMinutes: number
    overageCents: number
    detail: string
  }[]
}

/** Who reads: the owner sees drafts and the choices waiting; a client sees sent invoices only. */
export type Audience = 'owner' | 'client'

const money = (cents: number) => formatCents(cents)
const costOf = (overMinutes: number, cents: number) =>
  overMinutes > 0 ? `${hoursText(overMinutes)} over the included hours, ${money(cents)}` : 'no charge'

/** The sentences that say what a period billed and will bill, in order. */
export function periodSentences(f: FigureWords, audience: Audience): string[] {
  const out: string[] = []
  const rate = `${money(f.overageRateCents)} an hour`
  const over = hoursText(f.overageMinutes)
  const invoiceSeen = f.invoice && (audience === 'owner' || f.invoice.status !== 'draft') ? f.invoice : null
  if (f.paused) out.push(`${f.label} is paused: no plan fee, and its time is billed as ordinary time.`)
  else if (f.state === 'open') {
    out.push(
      f.overageMinutes > 0
        ? `${over} over the included hours so far: ${money(f.overageCents)} at ${rate}, billed on the plan invoice for ${f.label}, made from ${dateWords(f.billableFrom, true)}.`
        : `No time over the included hours so far. The plan invoice for ${f.label} is made from ${dateWords(f.billableFrom, true)}.`,
    )
  } else if (f.state === 'ended')
    out.push(
      f.overageMinutes > 0
        ? `${f.label} has ended and is not invoiced yet: ${over} over the included hours, ${money(f.overageCents)} at ${rate}, to be billed on its invoice.`
        : `${f.label} has ended and is not invoiced yet: no time over the included hours.`,
    )
  else if (invoiceSeen)
    out.push(
      `Invoiced on ${invoiceSeen.number} (${money(invoiceSeen.totalCents)}): ${
        f.overageMinutes > 0
          ? `${over} over the included hours, ${money(f.overageCents)} at ${rate}.`
          : 'no time over the included hours.'
      }`,
    )
  else out.push(`The invoice for ${f.label} is being prepared.`)
  const l = f.late
  if (l.pendingMinutes > 0)
    out.push(
      `${hoursText(l.pendingMinutes)} logged after the invoice goes onto the next plan invoice as late time: ${costOf(l.pendingOverageMinutes, l.pendingOverageCents)}.`,
    )
  if (l.billedMinutes > 0)
    out.push(
      `${hoursText(l.billedMinutes)} logged after the invoice was billed as late time on ${l.billedOn.map((b) => b.number).join(', ')}: ${money(l.billedOverageCents)}.`,
    )
  if (l.notBilledMinutes > 0)
    out.push(`${hoursText(l.notBilledMinutes)} logged after the invoice is not billed.`)
  if (l.undecidedMinutes > 0)
    out.push(
      audience === 'owner'
        ? `${hoursText(l.undecidedMinutes)} logged after the invoice waits for your choice: the next plan invoice, or not billed (edit the entry on the Time page).`
        : `${hoursText(l.undecidedMinutes)} logged after the invoice is not billed so far.`,
    )
  for (const c of f.carriedIn)
    out.push(
      `Late time from ${c.label} (${c.detail}) goes onto the next plan invoice: ${costOf(c.overageMinutes, c.overageCents)}.`,
    )
  return out
}
