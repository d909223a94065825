// The send step's REST shapes (issue 36, ADR 140), shared by every document's
// send route (quotes, invoices and credit notes).
import { z } from '@hono/zod-openapi'

/** The send step's input (issue 36): the contacts to send to. */
export const SendInput = z
  .object({
    recipientContactIds: z
      .array(z.number({ error: 'Contact ids must be numbers' }).int().positive())
      .max(50)
      .optional()
      .openapi({ description: "Contacts of the document's client; absent or empty: the default one" }),
  })
  .openapi('SendInput')

export const SendPreviewSchema = z
  .object({
    recipients: z.array(
      z.object({
        contactId: z.number().int(),
        name: z.string(),
        email: z.string(),
        role: z.string().nullable(),
        selected: z.boolean(),
      }),
    ),
    subject: z.string(),
    textBody: z.string(),
    warnings: z.array(z.string()),
    documentUrl: z.string(),
  })
  .openapi('SendPreview')
