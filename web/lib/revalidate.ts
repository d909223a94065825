import type { ShouldRevalidateFunction } from 'react-router'

/**
 * A page whose loader does not read the query string: navigating that changes
 * only the query (a catalogue filter, opening a form) keeps its data. A form
 * post, or moving to another page, reloads as usual.
 */
export const keepDataOnQueryChange: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate)
