// The pages' one view of the Worker (issue 53, docs/decisions/211-one-request-context.md):
// renderPage (worker/pages.ts) sets a PageRequest once per request, and a page's
// loader or action reads it and calls the services with it. No Hono here: the
// page modules run on the server, but they see plain values, as the services do.
// React Router's Vite plugin drops loaders, actions and the imports only they
// use from the browser's copy of a page (e2e/client-bundle.spec.ts checks
// the built client for Worker code).
import { createContext, data, type RouterContextProvider, redirect } from 'react-router'
import { signInPath } from '../schema/portal-next'
import type { Db } from './db'
import type { AppEnv } from './env'
import { NotFound } from './services/errors'
import type { PortalContact } from './services/portal-sessions'

/** What a page's server side may use of this request. */
export type PageRequest = {
  db: Db
  env: AppEnv['Bindings']
  /** The request's URL (a `.data` request's too), for the sign-in form's way back. */
  url: string
  /** The signed-in portal contact (worker/portal/session.ts), or null; always null off /portal. */
  contact: PortalContact | null
  /** Work that may finish after the answer (mail to send): the execution context's waitUntil. */
  later(work: Promise<unknown>): void
  /** Work that must not start before the answer exists (worker/middleware/background.ts afterAnswer). */
  afterAnswer(task: () => Promise<unknown>): void
  /** The visitor's address (cf-connecting-ip) and browser, as the services record them; null when absent. */
  ip: string | null
  userAgent: string | null
  /** The portal's session cookie: this request's token, and the Set-Cookie values to start or end one. */
  portalCookie: {
    token: string | undefined
    start(token: string, expiresAt: number): string
    end(): string
  }
}

export const pageRequest = createContext<PageRequest>()

type Context = Readonly<RouterContextProvider>

/** This request's server side, as renderPage set it. */
export const pageRequestOf = (context: Context): PageRequest => context.get(pageRequest)

/**
 * The signed-in contact. Without one, the redirect every portal page answers:
 * the sign-in form, whose new link leads back to this page (issue 36), unless
 * the page names another place (`signIn`).
 */
export function portalContactOf(context: Context, signIn?: string): PortalContact {
  const { contact, url } = pageRequestOf(context)
  if (!contact) throw redirect(signIn ?? signInPath(url))
  return contact
}

/** The contact as the portal's frame shows them (web/portal/ui.tsx): never an id. */
export const contactView = ({ name, email, phone, clientName }: PortalContact) => ({
  name,
  email,
  phone,
  clientName,
})

/** The page's 404 for a service's NotFound: another client's record is exactly a missing one. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (err) {
    if (err instanceof NotFound) throw data(null, { status: 404 })
    throw err
  }
}
