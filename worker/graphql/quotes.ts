// GraphQL for the admin's quotes and agreement templates (issue 25); the
// resolvers call worker/services/quotes/ and agreements.ts, like REST.
import { rowId } from '../../schema/ids'
import { agreementTemplateInput } from '../../schema/payloads.server'
import { QUOTE_STATUSES, type QuoteStatus, quoteInput } from '../../schema/quotes'
import type {
  AgreementTemplate,
  QuoteAgreement,
  QuoteChangeRequest,
  QuoteLine,
  Signature,
} from '../../schema/tables'
import { deliverEach } from '../mail/outbox'
import {
  createAgreementTemplate,
  listAgreementTemplates,
  previewAgreement,
  setAgreementTemplateArchived,
  updateAgreementTemplate,
} from '../services/agreements'
import { Invalid } from '../services/errors'
import {
  createQuote,
  createQuoteFromConsultation,
  duplicateQuote,
  getQuote,
  listClientOptions,
  listQuotes,
  type QuoteDetail,
  quoteSendPreview,
  reviseQuote,
  sendQuote,
  updateQuote,
  verifySignature,
  withdrawQuote,
} from '../services/quotes'
import { builder, withoutNulls } from './builder'
import { recipientIds, SendPreviewRef } from './send'

type QuoteSummary = Awaited<ReturnType<typeof listQuotes>>[number]

const LineRef = builder.objectRef<QuoteLine>('QuoteLine').implement({
  description: 'One line of a quote.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the line.' }),
    description: t.exposeString('description', { description: 'What it is.' }),
    quantity: t.float({
      description: 'Quantity (up to three decimals).',
      resolve: (l) => l.quantityMilli / 1000,
    }),
    unit: t.exposeString('unit', { nullable: true, description: 'Unit (hours, devices), if any.' }),
    unitPriceCents: t.exposeInt('unitPriceCents', { description: 'Unit price in cents.' }),
    optional: t.exposeBoolean('optional', { description: 'Whether the client may choose it.' }),
  }),
})

const AgreementRef = builder.objectRef<QuoteAgreement>('QuoteAgreement').implement({
  description:
    'An agreement attached to a quote; its text is frozen, merge fields filled, when the quote is sent.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the attachment.' }),
    templateId: t.exposeInt('templateId', { nullable: true, description: 'The template it came from.' }),
    name: t.exposeString('name', { description: 'Its title.' }),
    body: t.exposeString('body', { description: 'Its Markdown text.' }),
  }),
})

const SignatureRef = builder.objectRef<Signature>('QuoteSignature').implement({
  description: 'The record of an acceptance: who, when, from where, over which exact text.',
  fields: (t) => ({
    signerName: t.exposeString('signerName', { description: 'The name the signer typed.' }),
    signerEmail: t.exposeString('signerEmail', { description: "The signer's e-mail address." }),
    signedAt: t.field({ type: 'DateTime', description: 'When (UTC).', resolve: (s) => s.signedAt }),
    ip: t.exposeString('ip', { nullable: true, description: 'IP address.' }),
    userAgent: t.exposeString('userAgent', { nullable: true, description: 'Browser.' }),
    revision: t.exposeInt('revision', { description: 'The revision signed.' }),
    documentSha256: t.exposeString('documentSha256', { description: 'SHA-256 of the quote as shown.' }),
    pdfSha256: t.exposeString('pdfSha256', { nullable: true, description: 'SHA-256 of the signed PDF.' }),
  }),
})

const ChangeRequestRef = builder.objectRef<QuoteChangeRequest>('QuoteChangeRequest').implement({
  description: 'A change the client asked for on a sent quote ("Ask for changes" in the portal).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the request.' }),
    authorName: t.exposeString('authorName', { description: 'The contact who wrote it.' }),
    message: t.exposeString('message', { description: 'What they would like changed.' }),
    createdAt: t.field({ type: 'DateTime', description: 'When (UTC).', resolve: (r) => r.createdAt }),
  }),
})

const QuoteRef = builder.objectRef<QuoteDetail>('Quote').implement({
  description: 'A quote (one revision of it) with its lines, agreements and signature.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of this revision.' }),
    number: t.exposeString('number', { description: 'Q-YYYY-NNNN, shared by its revisions.' }),
    revision: t.exposeInt('revision', { description: 'Revision, from 1.' }),
    label: t.exposeString('label', { description: 'The number with its revision ("Q-2026-0001 rev 2").' }),
    status: t.exposeString('status', { description: `One of ${QUOTE_STATUSES.join(', ')}.` }),
    clientId: t.exposeInt('clientId', { description: 'The client.' }),
    clientName: t.string({ description: "The client's name.", resolve: (q) => q.client.name }),
    contactId: t.exposeInt('contactId', { nullable: true, description: 'Who receives and signs it.' }),
    contactName: t.string({
      nullable: true,
      description: "The contact's name.",
      resolve: (q) => q.contact?.name ?? null,
    }),
    consultationId: t.exposeInt('consultationId', {
      nullable: true,
      description: 'The consultation it came from.',
    }),
    title: t.exposeString('title', { description: 'Title.' }),
    intro: t.exposeString('intro', { nullable: true, description: 'Introduction (Markdown).' }),
    lines: t.field({ type: [LineRef], description: 'Lines in order.', resolve: (q) => q.lines }),
    changeRequests: t.field({
      type: [ChangeRequestRef],
      description: 'Changes the client asked for, oldest first.',
      resolve: (q) => q.changeRequests,
    }),
    agreements: t.field({
      type: [AgreementRef],
      description: 'Attached agreements.',
      resolve: (q) => q.agreements,
    }),
    discountCents: t.exposeInt('discountCents', { description: 'Fixed discount in cents.' }),
    taxRatePercent: t.float({ description: 'Tax rate in percent.', resolve: (q) => q.taxRateBp / 100 }),
    depositPercent: t.exposeInt('depositPercent', { description: 'Deposit in percent of the total.' }),
    paymentTerms: t.exposeString('paymentTerms', { nullable: true, description: 'Payment terms.' }),
    validUntil: t.exposeString('validUntil', {
      description: 'Last day it can be accepted (YYYY-MM-DD, Central).',
    }),
    subtotalCents: t.int({
      description: 'Subtotal in cents (chosen options once accepted).',
      resolve: (q) => q.totals.subtotalCents,
    }),
    taxCents: t.int({ description: 'Tax in cents.', resolve: (q) => q.totals.taxCents }),
    totalCents: t.int({ description: 'Total in cents.', resolve: (q) => q.totals.totalCents }),
    depositCents: t.exposeInt('depositCents', { description: 'Deposit in cents.' }),
    depositToInvoice: t.exposeBoolean('depositToInvoice', {
      description:
        'Accepted with a deposit not invoiced yet (issuing it on acceptance failed, or it was voided).',
    }),
    depositInvoiceId: t.int({
      nullable: true,
      description: 'The deposit invoice the acceptance issued (its id).',
      resolve: (q) => q.depositInvoice?.id ?? null,
    }),
    depositInvoiceNumber: t.string({
      nullable: true,
      description: 'The deposit invoice the acceptance issued (its number).',
      resolve: (q) => q.depositInvoice?.number ?? null,
    }),
    chosenLineIds: t.idList({
      nullable: true,
      description: 'Options chosen when accepted.',
      resolve: (q) => q.chosenLineIds?.map(String) ?? null,
    }),
    declineReason: t.exposeString('declineReason', {
      nullable: true,
      description: "The client's reason for declining.",
    }),
    supersededById: t.exposeInt('supersededById', {
      nullable: true,
      description: 'The revision that replaced it.',
    }),
    sentAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When sent.',
      resolve: (q) => q.sentAt,
    }),
    viewedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'First opened by the client.',
      resolve: (q) => q.viewedAt,
    }),
    decidedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Accepted, declined or withdrawn at.',
      resolve: (q) => q.decidedAt,
    }),
    signature: t.field({
      type: SignatureRef,
      nullable: true,
      description: 'The signature record.',
      resolve: (q) => q.signature,
    }),
    pdfUrl: t.string({
      description: 'Where the admin downloads its PDF.',
      resolve: (q) => `/api/quotes/${q.id}/pdf`,
    }),
  }),
})

const QuoteSummaryRef = builder.objectRef<QuoteSummary>('QuoteSummary').implement({
  description: "A quote in the admin's list.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of this revision.' }),
    label: t.exposeString('label', { description: 'Number and revision.' }),
    title: t.exposeString('title', { description: 'Title.' }),
    status: t.exposeString('status', { description: 'Status.' }),
    clientId: t.exposeID('clientId', { description: 'The client it is for.' }),
    depositPercent: t.exposeInt('depositPercent', {
      description: 'Deposit asked on acceptance, in percent.',
    }),
    clientName: t.exposeString('clientName', { description: "The client's name." }),
    totalCents: t.exposeInt('totalCents', { description: 'Total in cents.' }),
    validUntil: t.exposeString('validUntil', { description: 'Valid until (YYYY-MM-DD).' }),
    depositToInvoice: t.exposeBoolean('depositToInvoice', {
      description: 'Accepted with a deposit not invoiced yet.',
    }),
    depositInvoiceNumber: t.exposeString('depositInvoiceNumber', {
      nullable: true,
      description: 'Number of the deposit invoice the acceptance issued.',
    }),
    depositInvoiceId: t.exposeID('depositInvoiceId', {
      nullable: true,
      description: 'Id of that deposit invoice (its admin page).',
    }),
  }),
})

const TemplateRef = builder.objectRef<AgreementTemplate>('AgreementTemplate').implement({
  description: 'An agreement template: Markdown with merge fields such as {{client.name}}.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the template.' }),
    kind: t.exposeString('kind', { description: 'Kind: service, baa or custom.' }),
    name: t.exposeString('name', { description: 'Its title.' }),
    body: t.exposeString('body', { description: 'Markdown with merge fields.' }),
    needsLegalReview: t.exposeBoolean('needsLegalReview', {
      description: 'A starting point to have reviewed by a lawyer.',
    }),
    archived: t.exposeBoolean('archived', { description: 'No longer offered for new quotes.' }),
  }),
})

const SentQuoteRef = builder.objectRef<{ quote: QuoteDetail; link: string }>('SentQuote').implement({
  description: 'A sent quote and the link to it (to pass on by hand when visitor mail is off).',
  fields: (t) => ({
    quote: t.field({ type: QuoteRef, description: 'The sent quote.', resolve: (r) => r.quote }),
    link: t.exposeString('link', { description: "The client's link to the quote." }),
  }),
})

const VerificationRef = builder
  .objectRef<Awaited<ReturnType<typeof verifySignature>>>('QuoteVerification')
  .implement({
    description: 'The stored signed PDF and the quote text checked against the signature record.',
    fields: (t) => ({
      pdfMatches: t.exposeBoolean('pdfMatches', { description: 'The stored PDF has the recorded SHA-256.' }),
      documentMatches: t.exposeBoolean('documentMatches', {
        description: 'The quote text has the recorded SHA-256.',
      }),
      agreementsMatch: t.exposeBoolean('agreementsMatch', {
        description: 'Each agreement has its recorded SHA-256.',
      }),
      recordedPdfSha256: t.exposeString('recordedPdfSha256', {
        nullable: true,
        description: 'On the record.',
      }),
      storedPdfSha256: t.exposeString('storedPdfSha256', {
        nullable: true,
        description: 'Of the stored file.',
      }),
    }),
  })

const LineInput = builder.inputType('QuoteLineInput', {
  description: 'A line: quantity up to 10,000 with three decimals, unit price 0 to $1,000,000.00 in cents.',
  fields: (t) => ({
    description: t.string({ required: true, description: 'What it is.' }),
    quantity: t.float({ required: true, description: 'Quantity.' }),
    unit: t.string({ description: 'Unit, if any.' }),
    unitPriceCents: t.int({ required: true, description: 'Unit price in cents.' }),
    optional: t.boolean({ required: true, description: 'The client may choose it.' }),
  }),
})

const QuoteInputRef = builder
  .inputType('QuoteInput', {
    description: 'A quote as the owner writes it (checked by the server like POST /api/quotes).',
    fields: (t) => ({
      clientId: t.int({ required: true, description: 'The client.' }),
      contactId: t.int({ description: 'Who receives it; default the first contact.' }),
      consultationId: t.int({ description: 'The consultation it came from.' }),
      title: t.string({ required: true, description: 'Title.' }),
      intro: t.string({ description: 'Introduction (Markdown).' }),
      lines: t.field({ type: [LineInput], required: true, description: 'One to 100 lines.' }),
      discountCents: t.int({ description: 'Fixed discount in cents.' }),
      taxRatePercent: t.float({ description: 'Tax rate in percent (two decimals).' }),
      depositPercent: t.int({ description: 'Deposit in percent.' }),
      paymentTerms: t.string({ description: 'Payment terms.' }),
      validUntil: t.string({ description: 'YYYY-MM-DD; default 30 days from today.' }),
      agreementTemplateIds: t.intList({ description: 'Agreement templates to attach.' }),
    }),
  })
  .validate(withoutNulls(quoteInput))

const TemplateInputRef = builder
  .inputType('AgreementTemplateInput', {
    description: 'An agreement template.',
    fields: (t) => ({
      kind: t.string({ description: 'Kind: service, baa or custom.' }),
      name: t.string({ required: true, description: 'Title.' }),
      body: t.string({ required: true, description: 'Markdown with merge fields.' }),
      needsLegalReview: t.boolean({ description: 'Mark as a starting point to have reviewed by a lawyer.' }),
    }),
  })
  .validate(withoutNulls(agreementTemplateInput))

builder.queryField('quotes', (t) =>
  t.field({
    type: [QuoteSummaryRef],
    description: 'Quotes, newest first, optionally of one status and one client.',
    args: {
      status: t.arg.string({ description: 'Only this status.' }),
      // The invoice form offers one client's accepted quotes (issue 26).
      clientId: t.arg.id({ description: 'Only this client.' }).validate(rowId.nullish()),
    },
    resolve: (_r, { status, clientId }, { db }) => {
      if (status && !QUOTE_STATUSES.includes(status as QuoteStatus))
        throw new Invalid({ status: 'Unknown status' })
      return listQuotes(db, { status: (status as QuoteStatus) ?? null, clientId: clientId ?? null })
    },
  }),
)

builder.queryField('quote', (t) =>
  t.field({
    type: QuoteRef,
    description: 'One quote.',
    args: { id: t.arg.id({ required: true, description: 'Id of the quote.' }).validate(rowId) },
    resolve: (_r, { id }, { db }) => getQuote(db, id),
  }),
)

builder.queryField('agreementTemplates', (t) =>
  t.field({
    type: [TemplateRef],
    description: 'Agreement templates, archived ones too.',
    resolve: (_r, _a, { db }) => listAgreementTemplates(db, { includeArchived: true }),
  }),
)

builder.queryField('agreementPreview', (t) =>
  t.string({
    description: 'A template text with sample merge values, rendered as safe HTML.',
    args: { body: t.arg.string({ required: true, description: 'Markdown with merge fields.' }) },
    resolve: (_r, { body }) => previewAgreement(body.slice(0, 100_000)).html,
  }),
)

builder.queryField('quoteVerification', (t) =>
  t.field({
    type: VerificationRef,
    description: "Checks a signed quote's stored PDF and text against its signature record.",
    args: { id: t.arg.id({ required: true, description: 'Id of the quote.' }).validate(rowId) },
    resolve: (_r, { id }, { db, env }) => verifySignature(db, env, id),
  }),
)

builder.mutationField('createQuote', (t) =>
  t.field({
    type: QuoteRef,
    description: 'Creates a draft quote.',
    args: { input: t.arg({ type: QuoteInputRef, required: true, description: 'The quote.' }) },
    resolve: (_r, { input }, { db }) => createQuote(db, input),
  }),
)

builder.mutationField('createQuoteFromConsultation', (t) =>
  t.field({
    type: QuoteRef,
    description: "A draft quote taking over a consultation's client and description.",
    args: {
      consultationId: t.arg.id({ required: true, description: 'Id of the consultation.' }).validate(rowId),
    },
    resolve: (_r, { consultationId }, { db }) => createQuoteFromConsultation(db, consultationId),
  }),
)

builder.mutationField('updateQuote', (t) =>
  t.field({
    type: QuoteRef,
    description: 'Edits a draft (a sent quote is revised instead).',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the quote.' }).validate(rowId),
      input: t.arg({ type: QuoteInputRef, required: true, description: 'The whole quote.' }),
    },
    resolve: (_r, { id, input }, { db }) => updateQuote(db, id, input),
  }),
)

builder.mutationField('sendQuote', (t) =>
  t.field({
    type: SentQuoteRef,
    description:
      'Sends a draft to the chosen contacts: freezes it (owner-only notes removed), replaces its earlier revision and e-mails the link (when visitor mail is on).',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the quote.' }).validate(rowId),
      recipientContactIds: t.arg
        .idList({
          description: "The client's contacts to send it to; absent: the default one (see quoteSendPreview).",
        })
        .validate(recipientIds),
    },
    resolve: async (_r, { id, recipientContactIds }, { db, env, later }) => {
      const { quote, link, outboxIds } = await sendQuote(db, env, id, { recipientContactIds })
      later(deliverEach(db, env, outboxIds))
      return { quote, link }
    },
  }),
)

builder.queryField('quoteSendPreview', (t) =>
  t.field({
    type: SendPreviewRef,
    description: "A draft's send step: its recipients to choose from, the e-mail and the warnings.",
    args: { id: t.arg.id({ required: true, description: 'Id of the quote.' }).validate(rowId) },
    resolve: (_r, { id }, { db, env }) => quoteSendPreview(db, env, id),
  }),
)

for (const [name, description, run] of [
  ['withdrawQuote', 'Withdraws a quote the client has not decided on.', withdrawQuote],
  ['duplicateQuote', 'Copies a quote as a new draft with a new number.', duplicateQuote],
  [
    'reviseQuote',
    'A new revision (draft) of a sent quote; the old one stays current until the new one is sent.',
    reviseQuote,
  ],
] as const) {
  builder.mutationField(name, (t) =>
    t.field({
      type: QuoteRef,
      description,
      args: { id: t.arg.id({ required: true, description: 'Id of the quote.' }).validate(rowId) },
      resolve: (_r, { id }, { db }) => run(db, id),
    }),
  )
}

builder.mutationField('saveAgreementTemplate', (t) =>
  t.field({
    type: TemplateRef,
    description: 'Creates a template, or updates one when an id is given.',
    args: {
      id: t.arg.id({ description: 'Id of the template to update.' }).validate(rowId.nullish()),
      input: t.arg({ type: TemplateInputRef, required: true, description: 'The template.' }),
    },
    resolve: (_r, { id, input }, { db }) =>
      id ? updateAgreementTemplate(db, id, input) : createAgreementTemplate(db, input),
  }),
)

builder.mutationField('archiveAgreementTemplate', (t) =>
  t.field({
    type: TemplateRef,
    description: 'Archives (or restores) a template.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the template.' }).validate(rowId),
      archived: t.arg.boolean({ required: true, description: 'Archived or not.' }),
    },
    resolve: (_r, { id, archived }, { db }) => setAgreementTemplateArchived(db, id, archived),
  }),
)

const ClientOptionRef = builder.objectRef<{ id: number; name: string }>('QuoteClientOption').implement({
  description: "A client the quote editor's picker offers.",
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Id of the client.' }),
    name: t.exposeString('name', { description: "The client's name." }),
  }),
})

builder.queryField('quoteClientOptions', (t) =>
  t.field({
    type: [ClientOptionRef],
    description: "Active clients by name, for the quote editor's picker.",
    resolve: (_r, _a, { db }) => listClientOptions(db),
  }),
)
