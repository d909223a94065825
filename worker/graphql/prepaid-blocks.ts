// GraphQL for prepaid hour blocks (issue 26): the client page sells a block and
// shows what is left; billable time draws blocks down first (services/time.ts).
import { blockInput } from '../../schema/billing-payloads.server'
import { rowId } from '../../schema/ids'
import { blockInvoice } from '../services/invoices'
import { type BlockWithRemaining, createBlock, remainingBlocks } from '../services/time'
import { builder, withoutNulls } from './builder'

const PrepaidBlockRef = builder.objectRef<BlockWithRemaining>('PrepaidBlock').implement({
  description: 'Prepaid hours a client bought; billable time draws them down first.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the block.' }),
    minutes: t.exposeInt('minutes', { description: 'Minutes bought.' }),
    usedMinutes: t.exposeInt('usedMinutes', { description: 'Minutes drawn so far.' }),
    remainingMinutes: t.exposeInt('remainingMinutes', { description: 'Minutes left.' }),
    priceCents: t.exposeInt('priceCents', { description: 'Price in cents.' }),
    validUntil: t.exposeString('validUntil', { nullable: true, description: 'Last valid day, if any.' }),
    invoiceNumber: t.string({
      nullable: true,
      description: 'The invoice (not void) that bills the block, if one was made.',
      resolve: async (b, _a, { db }) => (await blockInvoice(db, b.id))?.number ?? null,
    }),
  }),
})

const BlockInput = builder
  .inputType('PrepaidBlockInput', {
    description: 'A block of prepaid hours sold to a client.',
    fields: (t) => ({
      clientId: t.id({ required: true, description: 'The client.' }),
      minutes: t.int({ required: true, description: 'Minutes (60 or more).' }),
      priceCents: t.int({ required: true, description: 'Price in cents.' }),
      validUntil: t.string({ description: 'Last valid day (YYYY-MM-DD).' }),
    }),
  })
  .validate(withoutNulls(blockInput))

builder.queryField('prepaidBlocks', (t) =>
  t.field({
    type: [PrepaidBlockRef],
    description: "A client's blocks still valid, with what is left (the client page shows them).",
    args: { clientId: t.arg.id({ required: true, description: 'The client.' }).validate(rowId) },
    resolve: (_r, { clientId }, { db }) => remainingBlocks(db, clientId),
  }),
)

builder.mutationField('createPrepaidBlock', (t) =>
  t.field({
    type: PrepaidBlockRef,
    description: 'Sells a client a block of prepaid hours.',
    args: { input: t.arg({ type: BlockInput, required: true, description: 'The block.' }) },
    resolve: async (_r, { input }, { db }) => {
      const block = await createBlock(db, input)
      return { ...block, usedMinutes: 0, remainingMinutes: block.minutes }
    },
  }),
)
