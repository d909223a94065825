// The words of issue 54: background jobs and client monitors. A module without
// imports, so the browser's pages can use it.

export const JOB_OUTCOMES = ['running', 'ok', 'error', 'timeout'] as const
export type JobOutcome = (typeof JOB_OUTCOMES)[number]

/** A job's health: ok, failing (its last run failed) or stalled (no success in 3 periods). */
export const JOB_STATES = ['ok', 'failing', 'stalled'] as const
export type JobState = (typeof JOB_STATES)[number]
export type JobAlert = JobState

export const JOB_STATE_LABELS: Record<JobState, string> = {
  ok: 'Running',
  failing: 'Failing',
  stalled: 'Stalled',
}

export const MONITOR_KINDS = ['http', 'keyword', 'heartbeat', 'tls', 'domain'] as const
export type MonitorKind = (typeof MONITOR_KINDS)[number]

export const MONITOR_KIND_LABELS: Record<MonitorKind, string> = {
  http: 'Website',
  keyword: 'Page text',
  heartbeat: 'Heartbeat',
  tls: 'Certificate',
  domain: 'Domain',
}

/** Stored states; 'paused' is shown for a paused monitor whatever its state was. */
export const MONITOR_STATES = ['pending', 'up', 'down'] as const
export type MonitorState = (typeof MONITOR_STATES)[number]
export type MonitorShownState = MonitorState | 'paused'

export const MONITOR_STATE_LABELS: Record<MonitorShownState, string> = {
  pending: 'Not checked yet',
  up: 'Up',
  down: 'Down',
  paused: 'Paused',
}

/** Failed checks in a row that make a monitor down (one blip alerts nobody). */
export const DOWN_AFTER_FAILURES = 2

/** Days before a certificate or domain ends at which the owner is warned, once each. */
export const EXPIRY_LEADS = [30, 14, 3] as const

/** A duration in words: "3 h 5 min", "45 min", "under a minute". */
export function durationWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000)
  if (minutes < 1) return 'under a minute'
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const mins = minutes % 60
  return [days ? `${days} d` : '', hours ? `${hours} h` : '', mins ? `${mins} min` : '']
    .filter(Boolean)
    .join(' ')
}

/** An uptime percentage as people read it: "99.95%", "100%". */
export const uptimeWords = (percent: number | null) =>
  percent === null ? 'No checks yet' : `${Number(percent.toFixed(2))}%`
