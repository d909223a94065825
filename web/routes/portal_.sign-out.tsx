// Sign-out of the client portal (issue 24): a POST (a link could be fetched by
// anything); the session row is deleted and the cookie removed.
import { type ActionFunctionArgs, redirect } from 'react-router'
import { portalServer } from '../lib/portal-server'

export const handle = { private: true }

export const loader = () => redirect('/portal')

export async function action({ context }: ActionFunctionArgs) {
  const cookie = await context.get(portalServer).signOut()
  throw redirect('/portal', { headers: { 'Set-Cookie': cookie } })
}
