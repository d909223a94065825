// The client page's hub sections (issue 36) on the Client type: the dated
// notes log and the client's payments; adding a note.
import { rowId } from '../../schema/ids'
import type { ClientNote } from '../../schema/tables'
import { addClientNote, type ClientPayment, notesOfClient, paymentsOfClient } from '../services/client-hub'
import { builder } from './builder'
import { ClientRef } from './clients'
import { PaymentMethodEnum } from './enums'

const ClientNoteRef = builder.objectRef<ClientNote>('ClientNote').implement({
  description: "An entry of a client's dated notes log.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the note.' }),
    body: t.exposeString('body', { description: 'The note as written.' }),
    author: t.exposeString('author', {
      nullable: true,
      description: 'Who wrote it; null for notes carried over from the old notes field.',
    }),
    createdAt: t.string({
      description: 'When it was written (ISO 8601).',
      resolve: (n) => n.createdAt.toISOString(),
    }),
  }),
})

const ClientPaymentRef = builder.objectRef<ClientPayment>('ClientPayment').implement({
  description: "A payment on one of the client's invoices.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the payment.' }),
    date: t.exposeString('date', { description: 'Day of the payment (YYYY-MM-DD).' }),
    method: t.expose('method', { type: PaymentMethodEnum, description: 'How it was paid.' }),
    amountCents: t.exposeInt('amountCents', { description: 'Amount in cents.' }),
    currency: t.exposeString('currency', { description: 'ISO 4217 currency code.' }),
    reference: t.exposeString('reference', {
      nullable: true,
      description: 'Reference (check number, transfer id).',
    }),
    invoiceId: t.exposeID('invoiceId', { description: 'Id of the invoice it paid.' }),
    invoiceNumber: t.exposeString('invoiceNumber', { description: 'Number of the invoice it paid.' }),
  }),
})

builder.objectFields(ClientRef, (t) => ({
  noteLog: t.field({
    type: [ClientNoteRef],
    description: 'The dated notes log, newest first.',
    resolve: (client, _args, { db }) => notesOfClient(db, client.id),
  }),
  payments: t.field({
    type: [ClientPaymentRef],
    description: "Payments on the client's invoices, newest first.",
    resolve: (client, _args, { db }) => paymentsOfClient(db, client.id),
  }),
}))

builder.mutationField('addClientNote', (t) =>
  t.field({
    type: ClientNoteRef,
    description: "Adds a dated entry to a client's notes log; NOT_FOUND when the client does not exist.",
    args: {
      clientId: t.arg.id({ required: true, description: 'Id of the client.' }).validate(rowId),
      body: t.arg.string({ required: true, description: 'The note, at most 5000 characters.' }),
    },
    resolve: (_root, { clientId, body }, { db, user }) => addClientNote(db, clientId, body, user!.username),
  }),
)
