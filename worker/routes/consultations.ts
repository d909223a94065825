import { Hono } from 'hono'
import { consultationInput, requestUpdateInput } from '../../schema/payloads'
import { requireOwner } from '../auth/middleware'
import type { AppEnv } from '../env'
import { inBackground } from '../http/background'
import { privateNoStore } from '../http/cache'
import { filledHoneypot, formRateLimit, RECEIVED } from '../http/public-form'
import { jsonBody } from '../http/validate'
import { deliverLogged } from '../mail/outbox'
import { listConsultations, submitConsultation, updateConsultation } from '../services/requests'

// /api/consultations: POST (public schedule form); GET and updates (owner only).
export const consultations = new Hono<AppEnv>()
  .post('/', formRateLimit('consultation'), jsonBody(consultationInput), async (c) => {
    const input = c.req.valid('json')
    if (filledHoneypot(input)) return c.json(RECEIVED, 201)
    // Stored with its notification in one batch; the e-mail goes out after the answer.
    const { outboxId } = await submitConsultation(c.var.db, c.env, input)
    inBackground(c, deliverLogged(c.var.db, c.env, outboxId))
    return c.json(RECEIVED, 201)
  })
  .get('/', requireOwner, privateNoStore, async (c) => c.json(await listConsultations(c.var.db)))
  .patch('/:id', requireOwner, privateNoStore, jsonBody(requestUpdateInput), async (c) =>
    c.json(await updateConsultation(c.var.db, c.req.param('id'), c.req.valid('json'))),
  )
