import { renderToReadableStream } from 'react-dom/server'
import type { EntryContext, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { requestNonce } from './lib/site-server'

// Renders a page to HTML. The whole document is awaited rather than streamed:
// public pages have no deferred data, and the Worker keeps the finished page in
// the edge cache with its ETag (worker/pages.ts). Every inline script React
// Router writes carries the request's CSP nonce.
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers })
  const nonce = loadContext.get(requestNonce)
  const body = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
    {
      nonce,
      // Every Suspense boundary inline, where it stands: React otherwise sends a
      // large finished boundary (the lazily loaded IT-support form) after the
      // page, swapped in by script, which a visitor without JavaScript never runs.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error: unknown) {
        status = 500
        console.error(error)
      },
    },
  )
  await body.allReady
  headers.set('Content-Type', 'text/html; charset=utf-8')
  return withoutModulePreloads(new Response(body, { headers, status }))
}

/**
 * The page is readable and works before it is hydrated (the HTML carries its
 * content, and its links, menu and forms work without JavaScript), so nothing
 * should compete with the stylesheet and the first paint. React Router's
 * module preloads would start about 115 KB of script alongside the stylesheet;
 * without them the scripts load when the parser reaches React Router's module
 * script, once the stylesheet has applied (ADR 069, superseding that part of 067).
 * The links are removed before the page enters the edge cache, so a cached view
 * pays nothing; React adds them back to <head> on hydration, when the modules
 * are already loaded.
 */
function withoutModulePreloads(response: Response): Response {
  return new HTMLRewriter()
    .on('meta[charset]', {
      // The first paint waits until the page is parsed to the end of its <main> (issue 35.8, ADR 120):
      // under load Chromium painted a half-parsed header (the Resume link's icon before its word) and
      // the word's arrival moved the icon, a layout shift. The page arrives whole, so this costs
      // parsing time only. Added here, not in the root layout, so the public script budget pays no
      // bytes; React skips the unknown <link> in <head> when it hydrates.
      element(meta) {
        meta.after('<link rel="expect" href="#main" blocking="render">', { html: true })
      },
    })
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.remove()
      },
    })
    .transform(response)
}
