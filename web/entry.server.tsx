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
  return lowPriorityScripts(new Response(body, { headers, status }))
}

/**
 * The page is readable before it is hydrated (the HTML carries its content and
 * its links and forms work without JavaScript), so the one request that must
 * come first is the stylesheet. React hoists React Router's module preloads into
 * <head>, where a phone would fetch about 120 KB of script at the same high
 * priority as the stylesheet; at low priority they load right after it.
 */
function lowPriorityScripts(response: Response): Response {
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.setAttribute('fetchpriority', 'low')
      },
    })
    .transform(response)
}
