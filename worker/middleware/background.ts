import type { Context } from 'hono'

/**
 * Runs work after the response through the execution context. Without one
 * (`app.request` in unit tests) the promise simply runs on; errors are logged.
 */
export function inBackground(c: Context, promise: Promise<unknown>) {
  const guarded = promise.catch((error) =>
    console.error(
      JSON.stringify({ level: 'error', message: 'background task failed', error: String(error) }),
    ),
  )
  try {
    c.executionCtx.waitUntil(guarded)
  } catch {
    // No ExecutionContext: nothing to extend; the promise is already running.
  }
}
