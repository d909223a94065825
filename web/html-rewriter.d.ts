// The Workers runtime's HTMLRewriter, as much of it as web/entry.server.tsx uses.
// The web project's types are the browser's (its modules also run there), so the
// Worker's global is not in them; entry.server only ever runs in the Worker.
declare class HTMLRewriter {
  on(
    selector: string,
    handlers: {
      element?(element: {
        remove(): unknown
        after(content: string, options?: { html: boolean }): unknown
      }): void
    },
  ): HTMLRewriter
  transform(response: Response): Response
}
