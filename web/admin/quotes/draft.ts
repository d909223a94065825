// The editor's draft of a quote: what the form holds, and the GraphQL input it becomes.
import { formatCents, parseCents } from '../../../schema/money'
import type { AdminQuote } from './queries'

export type LineDraft = {
  description: string
  quantity: string
  unit: string
  price: string
  optional: boolean
}
export type Draft = {
  clientId: string
  title: string
  intro: string
  lines: LineDraft[]
  discount: string
  taxRatePercent: string
  depositPercent: string
  paymentTerms: string
  validUntil: string
  agreementTemplateIds: string[]
}

export const emptyLine: LineDraft = { description: '', quantity: '1', unit: '', price: '', optional: false }
export const emptyDraft: Draft = {
  clientId: '',
  title: '',
  intro: '',
  lines: [{ ...emptyLine }],
  discount: '',
  taxRatePercent: '0',
  depositPercent: '0',
  paymentTerms: 'Net 15',
  validUntil: '',
  agreementTemplateIds: [],
}

export const draftOf = (q: AdminQuote): Draft => ({
  clientId: String(q.clientId),
  title: q.title,
  intro: q.intro ?? '',
  lines: q.lines.map((l) => ({
    description: l.description,
    quantity: String(l.quantity),
    unit: l.unit ?? '',
    price: formatCents(l.unitPriceCents, 'plain'),
    optional: l.optional,
  })),
  discount: q.discountCents ? formatCents(q.discountCents, 'plain') : '',
  taxRatePercent: String(q.taxRatePercent),
  depositPercent: String(q.depositPercent),
  paymentTerms: q.paymentTerms ?? '',
  validUntil: q.validUntil,
  agreementTemplateIds: q.agreements.filter((a) => a.templateId !== null).map((a) => String(a.templateId)),
})

export const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v))

/** The draft as the API's input; what does not parse is sent as is, for the server to name. */
export const inputOf = (d: Draft) => ({
  clientId: Number(d.clientId) || 0,
  title: d.title,
  intro: d.intro || null,
  lines: d.lines.map((l) => ({
    description: l.description,
    quantity: num(l.quantity),
    unit: l.unit || null,
    unitPriceCents: parseCents(l.price) ?? -1,
    optional: l.optional,
  })),
  discountCents: d.discount ? (parseCents(d.discount) ?? -1) : 0,
  taxRatePercent: num(d.taxRatePercent) || 0,
  depositPercent: Math.trunc(num(d.depositPercent) || 0),
  paymentTerms: d.paymentTerms || null,
  validUntil: d.validUntil || null,
  agreementTemplateIds: d.agreementTemplateIds.map(Number),
})
