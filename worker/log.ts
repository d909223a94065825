// Logging has its own module (not the HTTP middleware's) so that services,
// mail and files can log without importing anything of the request layer.

type Level = 'info' | 'warn' | 'error'

/** Structured logs: one JSON object per line, which Workers Logs indexes by field. */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, message, ...fields })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}
