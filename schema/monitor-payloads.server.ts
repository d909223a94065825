// Payloads of the client monitors (issue 54), shared by REST (which publishes
// them in the OpenAPI document), GraphQL and the admin's form. The rules that
// need the deployment (private addresses) are the service's: these check shape.
import { z } from 'zod'
import { MONITOR_KINDS } from './monitors'
import { URGENCY_LEVELS } from './request-options'
import { optionalText, singleLine } from './text'

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)

export const MONITOR_LIMITS = {
  intervalMinutes: [1, 1440 * 7],
  graceMinutes: [0, 1440 * 7],
  timeoutMs: [1000, 30_000],
} as const

export const monitorInput = z
  .object({
    clientId: z.coerce
      .number({ error: 'Client is required' })
      .int('Client must be a whole number')
      .positive('Client is required'),
    kind: z.enum(MONITOR_KINDS, { error: 'Kind is http, keyword, heartbeat, tls or domain' }),
    name: singleLine('Name', 120),
    url: optionalText('URL', 2000),
    keyword: optionalText('Keyword', 200),
    keywordAbsent: z.boolean({ error: 'Keyword absent must be true or false' }).optional().default(false),
    domain: optionalText('Domain', 253),
    intervalMinutes: whole('Interval', ...MONITOR_LIMITS.intervalMinutes).optional(),
    graceMinutes: whole('Grace', ...MONITOR_LIMITS.graceMinutes).optional(),
    timeoutMs: whole('Timeout', ...MONITOR_LIMITS.timeoutMs).optional(),
    urgency: z
      .enum(URGENCY_LEVELS.map((u) => u.value) as [string, ...string[]], {
        error: 'Urgency is low, medium, high or critical',
      })
      .optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const need = (field: 'url' | 'keyword' | 'domain', message: string) => {
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message })
    }
    if (v.kind === 'http' || v.kind === 'keyword') need('url', 'URL is required for this kind')
    if (v.kind === 'keyword') need('keyword', 'Keyword is required for a keyword monitor')
    if (v.kind === 'domain') need('domain', 'Domain is required for a domain monitor')
    if (v.kind === 'tls' && !v.url && !v.domain)
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'URL or domain is required for a certificate monitor',
      })
  })
export type MonitorPayload = z.output<typeof monitorInput>

/** A maintenance window: alerts of the monitor (or of all the client's) are held from start to end. */
export const maintenanceWindowInput = z
  .object({
    monitorId: z.number().int().positive().nullish(),
    startsAt: z.iso.datetime({ offset: true, error: 'Start must be a date and time' }),
    endsAt: z.iso.datetime({ offset: true, error: 'End must be a date and time' }),
    note: optionalText('Note', 300),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Date.parse(v.endsAt) <= Date.parse(v.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End must be after the start' })
  })
export type MaintenanceWindowPayload = z.output<typeof maintenanceWindowInput>
