import { type LoaderFunctionArgs, redirect } from 'react-router'

/** A legacy address of the catalogue (SPEC §2): moved permanently, query string kept. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/portfolio-solutions${new URL(request.url).search}`, 301)
}
