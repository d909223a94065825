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
      onError(error: unknown) {
        status = 500
        console.error(error)
      },
    },
  )
  await body.allReady
  headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(body, { headers, status })
}
