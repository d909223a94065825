import { Hono } from 'hono'
import { requestUpdateInput, supportRequestInput } from '../../schema/payloads'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { inBackground } from '../http/background'
import { privateNoStore } from '../http/cache'
import { filledHoneypot, formRateLimit, RECEIVED } from '../http/public-form'
import { jsonBody } from '../http/validate'
import { deliverLogged } from '../mail/outbox'
import { listSupportRequests, submitSupportRequest, updateSupportRequest } from '../services/requests'

// /api/consultation (singular, SPEC §7): POST the IT-support request form.
export const supportRequestForm = new Hono<AppEnv>().post(
  '/',
  formRateLimit('support'),
  jsonBody(supportRequestInput),
  async (c) => {
    const input = c.req.valid('json')
    if (filledHoneypot(input)) return c.json(RECEIVED, 201)
    // Stored with its notification in one batch; the e-mail goes out after the answer.
    const { outboxId } = await submitSupportRequest(c.var.db, c.env, input)
    inBackground(c, deliverLogged(c.var.db, c.env, outboxId))
    return c.json(RECEIVED, 201)
  },
)

// /api/support-requests: the owner's list and updates.
export const supportRequests = new Hono<AppEnv>()
  .get('/', requireOwner, privateNoStore, async (c) => c.json(await listSupportRequests(c.var.db)))
  .patch('/:id', requireOwner, privateNoStore, jsonBody(requestUpdateInput), async (c) =>
    c.json(await updateSupportRequest(c.var.db, c.req.param('id'), c.req.valid('json'))),
  )
