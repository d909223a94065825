// Helpers shared by the admin API tests: a signed-in owner, GraphQL calls,
// multipart uploads and small fixture files built in memory.
import { call } from './helpers'
import { ownerCookie } from './session-helpers'

/**
 * A fresh owner session per call: a test that runs the cron far in the future
 * purges the sessions it finds ended (issue 13), so none is kept between calls.
 */
export const owner = () => ownerCookie()

export async function rest(method: string, path: string, json?: unknown, signedIn = true) {
  const headers: Record<string, string> = signedIn ? { Cookie: await owner() } : {}
  return call(path, { method, headers, ...(json !== undefined ? { json } : {}) })
}

export type GqlResult<T = Record<string, unknown>> = {
  data?: T | null
  errors?: { message: string; extensions?: { code?: string; errors?: Record<string, string> } }[]
}

export async function gql<T = Record<string, unknown>>(
  query: string,
  variables: Record<string, unknown> = {},
  signedIn = true,
): Promise<{ status: number; body: GqlResult<T> }> {
  const res = await call('/graphql', {
    method: 'POST',
    json: { query, variables },
    headers: { 'x-graphql-yoga-csrf': '1', ...(signedIn ? { Cookie: await owner() } : {}) },
  })
  return { status: res.status, body: (await res.json()) as GqlResult<T> }
}

export async function upload(path: string, field: string, file: Blob | string | null, name = 'file.bin') {
  const form = new FormData()
  if (typeof file === 'string') form.append(field, file)
  else if (file !== null) form.append(field, file, name)
  return call(path, { method: 'POST', body: form, headers: { Cookie: await owner() } })
}
