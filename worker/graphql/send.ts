// The send step in GraphQL (issue 36, ADR 140): the preview type and the
// recipients argument every "send" mutation takes (quotes, invoices, credit notes).
import { z } from 'zod'
import { rowId } from '../../schema/ids'
import type { Recipient, SendPreview } from '../services/send-step'
import { builder } from './builder'

const RecipientRef = builder.objectRef<Recipient>('SendRecipient').implement({
  description: "One of the client's contacts the document can go to.",
  fields: (t) => ({
    contactId: t.exposeInt('contactId', { description: 'Id of the contact.' }),
    name: t.exposeString('name', { description: 'Their name.' }),
    email: t.exposeString('email', { description: 'Their e-mail address.' }),
    role: t.exposeString('role', { nullable: true, description: 'Their role at the client, if any.' }),
    selected: t.exposeBoolean('selected', {
      description: 'Ticked by default (the document’s contact, else the billing or primary one).',
    }),
  }),
})

export const SendPreviewRef = builder.objectRef<SendPreview>('SendPreview').implement({
  description: 'What Send will do: the recipients to choose from, the e-mail and the warnings.',
  fields: (t) => ({
    recipients: t.field({
      type: [RecipientRef],
      description: "The client's contacts.",
      resolve: (p) => p.recipients,
    }),
    subject: t.exposeString('subject', { description: "The e-mail's subject." }),
    textBody: t.exposeString('textBody', { description: "The e-mail's text as the client reads it." }),
    warnings: t.exposeStringList('warnings', { description: 'What to know before sending.' }),
    documentUrl: t.exposeString('documentUrl', {
      description: 'The document (PDF) exactly as the client will get it.',
    }),
  }),
})

/** Contact ids, each a row id; absent or empty: the default recipient. */
export const recipientIds = z.array(rowId).max(50).nullish()
