// Sign-out of the client portal (issue 24): a POST (a link could be fetched by
// anything); the session row is deleted and the cookie removed.
import { type ActionFunctionArgs, redirect } from 'react-router'
import { pageRequestOf } from '../../worker/page-context'
import { endPortalSession } from '../../worker/services/portal-sessions'

export const handle = { private: true }

export const loader = () => redirect('/portal')

export async function action({ context }: ActionFunctionArgs) {
  const { db, portalCookie } = pageRequestOf(context)
  if (portalCookie.token) await endPortalSession(db, portalCookie.token)
  throw redirect('/portal', { headers: { 'Set-Cookie': portalCookie.end() } })
}
