import { createRoute, z } from '@hono/zod-openapi'
import { MEETING_LOCATION_KINDS } from '../../schema/availability-payload'
import { availabilityInput } from '../../schema/payloads.server'
import { requireOwner } from '../auth/middleware'
import { linkKeyConfigured } from '../booking/link'
import type { AppEnv } from '../env'
import { visitorMailEnabled } from '../mail/visitor'
import { privateNoStore, publicRead } from '../middleware/cache-headers'
import {
  openApiBody as body,
  openApiJson as json,
  OWNER_ERRORS,
  OWNER_SECURITY,
  openApiApp,
  PUBLIC,
} from '../middleware/openapi'
import { getAvailability, publicAvailability, saveAvailability } from '../services/availability'

/** What the owner's editor shows beside the settings: whether visitor e-mail and booking links work here. */
const settingsView = async (c: { var: AppEnv['Variables']; env: Env }) => ({
  ...(await getAvailability(c.var.db)),
  visitorMail: visitorMailEnabled(c.env),
  bookingLinks: linkKeyConfigured(c.env),
})

const slots = z.array(z.string().openapi({ example: '10:00' }))
const PublicAvailabilitySchema = z
  .object({
    timeZone: z.string().openapi({ example: 'America/Chicago' }),
    meetingMinutes: z.number().int(),
    changeCutoffHours: z.number().int(),
    days: z.array(z.object({ date: z.string().openapi({ example: '2026-12-01' }), slots })),
  })
  .openapi('PublicAvailability')
const SettingsSchema = z
  .object({
    weeklyHours: z
      .record(z.string(), slots)
      .openapi({ description: 'Weekday (0 Sunday ... 6 Saturday) to its slot start times, Central' }),
    blocked: z.array(z.object({ from: z.string(), to: z.string(), note: z.string().nullable() })),
    minNoticeMinutes: z.number().int(),
    horizonDays: z.number().int(),
    meetingMinutes: z.number().int(),
    changeCutoffHours: z.number().int(),
    meetingLocationKind: z.string().openapi({ enum: [...MEETING_LOCATION_KINDS] }),
    meetingLocation: z.string().nullable(),
    unblockedHolidays: z.array(z.string()),
    visitorMail: z.boolean().openapi({ description: 'Whether visitor e-mail is configured here' }),
    bookingLinks: z.boolean().openapi({ description: 'Whether booking links can be signed here' }),
  })
  .openapi('AvailabilitySettings')
const owner = { tags: ['Availability'], security: OWNER_SECURITY, middleware: [requireOwner, privateNoStore] }

/**
 * /api/availability: the free consultation slots (public, cached, purged on
 * every change), and the owner's settings behind them.
 */
export const availability = openApiApp()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Availability'],
      security: PUBLIC,
      middleware: [...publicRead],
      summary: 'The free consultation slots',
      responses: { 200: json(PublicAvailabilitySchema, 'Free days and their slots, Central time') },
    }),
    async (c) => c.json(await publicAvailability(c.var.db), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'get',
      path: '/settings',
      summary: 'The availability settings',
      responses: { 200: json(SettingsSchema, 'The settings'), ...OWNER_ERRORS },
    }),
    async (c) => c.json(await settingsView(c), 200),
  )
  .openapi(
    createRoute({
      ...owner,
      method: 'put',
      path: '/settings',
      summary: 'Replace the availability settings',
      request: {
        body: body(availabilityInput, {
          weeklyHours: { '1': ['09:00', '10:00'], '3': ['14:00'] },
          blocked: [{ from: '2026-12-24', to: '2026-12-26', note: 'Holidays' }],
          minNoticeMinutes: 120,
          horizonDays: 60,
          meetingMinutes: 30,
          changeCutoffHours: 24,
          meetingLocationKind: 'phone',
          meetingLocation: '+1 618 555 0199',
          unblockedHolidays: [],
        }),
      },
      responses: { 200: json(SettingsSchema, 'The saved settings'), ...OWNER_ERRORS },
    }),
    async (c) => {
      await saveAvailability(c.var.db, c.req.valid('json'))
      return c.json(await settingsView(c), 200)
    },
  )
