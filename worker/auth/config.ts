// Security settings from [vars], with the defaults of issue 13 when a value is
// missing or unreadable (a typo must not turn a limit off).
const HOUR_MS = 60 * 60 * 1000

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value)
  return Number.isFinite(n) && n > 0 ? n : fallback
}

export type SecurityConfig = {
  /** A session ends this long after sign-in, whatever happens. */
  sessionLifetimeMs: number
  /** A session ends after this long without a request. */
  sessionIdleMs: number
  /** Audit entries older than this are purged by the cron. */
  auditRetentionMs: number
}

export function securityConfig(env: Env): SecurityConfig {
  return {
    sessionLifetimeMs: positive(env.SESSION_LIFETIME_HOURS, 7 * 24) * HOUR_MS,
    sessionIdleMs: positive(env.SESSION_IDLE_HOURS, 12) * HOUR_MS,
    auditRetentionMs: positive(env.AUDIT_RETENTION_DAYS, 400) * 24 * HOUR_MS,
  }
}
