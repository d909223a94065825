// The SPA's REST helper (SPEC §7/§8): every call sends cookies; a non-OK
// response becomes an ApiRequestError whose message is "<status>: <body or status text>",
// and which also carries the parsed `{ message, errors }` body for field messages.

export type ApiErrorBody = { message?: string; errors?: Record<string, string> }

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null,
  ) {
    super(message)
    this.name = 'ApiRequestError'
  }
  /** The server's own message, when it sent one. */
  get serverMessage(): string | undefined {
    return this.body?.message
  }
  get fieldErrors(): Record<string, string> {
    return this.body?.errors ?? {}
  }
}

export async function throwIfNotOk(res: Response): Promise<Response> {
  if (res.ok) return res
  const text = (await res.text().catch(() => '')) || res.statusText
  let body: ApiErrorBody | null = null
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed && typeof parsed === 'object') body = parsed as ApiErrorBody
  } catch {
    body = null
  }
  throw new ApiRequestError(res.status, `${res.status}: ${text}`, body)
}

/** A JSON call (the body is sent as JSON when given). */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  })
  return throwIfNotOk(res)
}
