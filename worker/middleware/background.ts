import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'

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

type Task = () => Promise<unknown>

/**
 * Work that must not start before the answer is made (issue 34,
 * docs/decisions/115-link-requests-after-the-answer.md): `inBackground`
 * takes a promise that is already running beside the rendering, while a task
 * given here is only called once the handler has produced its response. The
 * portal's "e-mail me a link" hands its whole look-up to it, so a known and an
 * unknown address cost the answer the same work.
 */
export function afterAnswer(c: Context<AppEnv>, task: Task) {
  const queue = c.get('afterAnswer')
  if (queue) queue.push(task)
  // Outside the middleware (not expected): still after this turn, never before the caller returns.
  else inBackground(c, Promise.resolve().then(task))
}

/** Collects the request's afterAnswer tasks and starts them, one after another, once the response exists. */
export const afterAnswerTasks = createMiddleware<AppEnv>(async (c, next) => {
  const queue: Task[] = []
  c.set('afterAnswer', queue)
  await next()
  if (!queue.length) return
  // Started on a later turn than waitUntil's call: the answer is made, and nothing here ran before it.
  inBackground(
    c,
    Promise.resolve().then(async () => {
      for (const task of queue) await task()
    }),
  )
})
