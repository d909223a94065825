// Large documents (issue 34.5): creating and rendering (PDF) a 100-line invoice
// and a 100-line quote on the production build, as the owner through the REST
// API. The first PDF of a server also reads the fonts from the static assets
// and loads pdf-lib (ADR 103, 110); the rounds after it are warm.
import { MAX_LINES } from '../schema/money'

export type DocumentFigures = {
  name: string
  /** Milliseconds, the first round (cold: first PDF of the server) and the median of the others. */
  firstMs: number
  medianMs: number
  pdfBytes?: number
}

const OWNER = { username: 'owner', password: 'portfolio-owner-2025' } // .dev.vars.example, as e2e/fixtures.ts

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? 0
}

export async function runDocuments(baseUrl: string, rounds = 5): Promise<DocumentFigures[]> {
  const origin = { origin: baseUrl, 'content-type': 'application/json' }
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify(OWNER),
  })
  if (!login.ok) throw new Error(`owner sign-in answered ${login.status}`)
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .join('; ')
  const headers = { ...origin, cookie }
  const api = async (method: string, path: string, body?: unknown) => {
    const started = performance.now()
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
    })
    const bytes = new Uint8Array(await res.arrayBuffer())
    if (!res.ok)
      throw new Error(
        `${method} ${path} answered ${res.status}: ${new TextDecoder().decode(bytes).slice(0, 200)}`,
      )
    return { ms: performance.now() - started, bytes }
  }
  const clients = JSON.parse(new TextDecoder().decode((await api('GET', '/api/clients')).bytes)) as
    | { id: number }[]
    | { items: { id: number }[] }
  const clientId = (Array.isArray(clients) ? clients : clients.items)[0]?.id
  if (!clientId) throw new Error('the seeded state has no client')
  const lines = Array.from({ length: MAX_LINES }, (_, i) => ({
    description: `Work package ${i + 1}: configuration, testing and hand-over notes`,
    quantity: 1 + (i % 4),
    unit: 'hours',
    unitPriceCents: 12_000,
  }))

  const times: Record<string, number[]> = {}
  const sizes: Record<string, number> = {}
  const record = (name: string, ms: number) => {
    times[name] = [...(times[name] ?? []), ms]
  }
  for (let round = 0; round < rounds; round++) {
    const invoice = await api('POST', '/api/invoices', { clientId, source: 'manual', lines })
    record(`create invoice (${MAX_LINES} lines)`, invoice.ms)
    const { id: invoiceId } = JSON.parse(new TextDecoder().decode(invoice.bytes)) as { id: number }
    const invoicePdf = await api('GET', `/api/invoices/${invoiceId}/pdf`)
    record(`invoice PDF (${MAX_LINES} lines)`, invoicePdf.ms)
    sizes[`invoice PDF (${MAX_LINES} lines)`] = invoicePdf.bytes.length

    const quote = await api('POST', '/api/quotes', { clientId, title: 'Benchmark quote', lines })
    record(`create quote (${MAX_LINES} lines)`, quote.ms)
    const { id: quoteId } = JSON.parse(new TextDecoder().decode(quote.bytes)) as { id: number }
    const quotePdf = await api('GET', `/api/quotes/${quoteId}/pdf`)
    record(`quote PDF (${MAX_LINES} lines)`, quotePdf.ms)
    sizes[`quote PDF (${MAX_LINES} lines)`] = quotePdf.bytes.length
  }
  return Object.entries(times).map(([name, ms]) => ({
    name,
    firstMs: Math.round(ms[0]!),
    medianMs: Math.round(median(ms.slice(1))),
    ...(sizes[name] ? { pdfBytes: sizes[name] } : {}),
  }))
}
