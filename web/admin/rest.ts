// The admin's REST helpers beyond the JSON call (web/lib/api.ts). They live
// here, not there, because web/lib/api.ts is in the public request forms'
// chunk, where every export any code uses rides along (ADR 068): these two
// cost the public form pages bytes they never run (issue 28).
import { apiRequest, throwIfNotOk } from '../lib/api'

/** The default query: a GET of the key segments joined with "/". */
export async function getJson<T>(...key: string[]): Promise<T> {
  const res = await apiRequest('GET', key.join('/'))
  return (await res.json()) as T
}

/** A multipart upload of one file under the given field name. */
export async function uploadFile(url: string, field: string, file: File): Promise<Response> {
  const form = new FormData()
  form.append(field, file)
  return throwIfNotOk(await fetch(url, { method: 'POST', body: form, credentials: 'include' }))
}
