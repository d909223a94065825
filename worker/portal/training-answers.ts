// A person's quiz answers as JSON (issue 55): POST /training/<token> with
// `{answers}` answers `{passed, score}`; a form post goes on to the page's
// action (web/routes/training.$token.tsx). The signed link is the key: no session.
import { Hono } from 'hono'
import { MAX_JSON_BODY_BYTES } from '../../schema/constants'
import { API_MESSAGES } from '../../schema/messages'
import { fieldErrors } from '../../schema/payloads'
import { answersInput } from '../../schema/people-payloads.server'
import type { AppEnv } from '../env'
import { ApiError, badRequest } from '../middleware/errors'
import { submitAnswers } from '../services/people/training'

/** POST /training/<token> with a JSON body `{answers}`: `{passed, score}`. A form post goes on to the page. */
export const trainingAnswers = new Hono<AppEnv>().post('/:token', async (c, next) => {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  if (!type.startsWith('application/json')) return next()
  if (Number(c.req.header('content-length') ?? 0) > MAX_JSON_BODY_BYTES)
    throw new ApiError(413, API_MESSAGES.tooLarge)
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw new ApiError(400, API_MESSAGES.invalidJson)
  }
  const parsed = answersInput.safeParse(raw)
  if (!parsed.success) throw badRequest(fieldErrors(parsed.error))
  c.header('Cache-Control', 'private, no-store')
  return c.json(await submitAnswers(c.var.db, c.env, c.req.param('token'), parsed.data.answers), 200)
})
