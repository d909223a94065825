import { Hono } from 'hono'
import { availabilityInput } from '../../schema/payloads.server'
import { requireOwner } from '../auth/middleware'
import { linkKeyConfigured } from '../booking/link'
import type { AppEnv } from '../env'
import { visitorMailEnabled } from '../mail/visitor'
import { privateNoStore, publicRead } from '../middleware/cache-headers'
import { jsonBody } from '../middleware/validate'
import { getAvailability, publicAvailability, saveAvailability } from '../services/availability'

/** What the owner's editor shows beside the settings: whether visitor e-mail and booking links work here. */
const settingsView = async (c: { var: AppEnv['Variables']; env: Env }) => ({
  ...(await getAvailability(c.var.db)),
  visitorMail: visitorMailEnabled(c.env),
  bookingLinks: linkKeyConfigured(c.env),
})

/**
 * /api/availability: the free consultation slots (public, cached, purged on
 * every change), and the owner's settings behind them.
 */
export const availability = new Hono<AppEnv>()
  .get('/', ...publicRead, async (c) => c.json(await publicAvailability(c.var.db)))
  .get('/settings', requireOwner, privateNoStore, async (c) => c.json(await settingsView(c)))
  .put('/settings', requireOwner, privateNoStore, jsonBody(availabilityInput), async (c) => {
    await saveAvailability(c.var.db, c.req.valid('json'))
    return c.json(await settingsView(c))
  })
