// Page actions (the no-JavaScript form posts of /schedule-consultation,
// /it-support and /booking/{token}) read their body with request.formData(),
// which throws on anything that is not a well-formed form: JSON, a multipart
// body without or with a broken boundary, no content type. That throw reached
// React Router as a 500 (issue 27, audit finding 6). Such posts are answered
// here, before any action runs: JSON gets the API's JSON error (415), anything
// else the page again, as a GET would show it, with 415 (not a form type) or
// 400 (a form type that does not parse). Nothing is stored either way. The page
// is rendered by a direct call to renderPage, never by re-entering the app.
import type { Context } from 'hono'
import { API_MESSAGES } from '../schema/messages'
import type { AppEnv } from './env'
import { renderPage } from './pages'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

/** Null when the post's body is a readable form; else the status to answer with. */
async function unreadableForm(request: Request): Promise<400 | 415 | null> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (!FORM_TYPES.includes(type)) return 415
  try {
    await request.clone().formData()
    return null
  } catch {
    return 400
  }
}

/** The refusal for a page post whose body is not a form, or null to let the action run. */
export async function refuseMalformedFormPost(c: Context<AppEnv>): Promise<Response | null> {
  const method = c.req.method
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return null
  const status = await unreadableForm(c.req.raw)
  if (!status) return null
  const wantsJson = (c.req.header('content-type') ?? '').toLowerCase().includes('json')
  if (wantsJson) {
    return c.json(
      { message: status === 415 ? API_MESSAGES.unsupportedMedia : API_MESSAGES.invalidJson },
      status,
    )
  }
  // The form again: the page as a GET shows it, rendered here (fresh, never from
  // the page cache) with the banner above the form, under the refusal's status.
  const headers = new Headers(c.req.raw.headers)
  for (const name of ['content-type', 'content-length', 'if-none-match', 'if-modified-since'])
    headers.delete(name)
  const page = await renderPage(c, { unreadableForm: new Request(c.req.url, { method: 'GET', headers }) })
  const res = new Response(page.body, { status, headers: page.headers })
  res.headers.set('Cache-Control', 'private, no-store')
  res.headers.delete('ETag')
  return res
}
