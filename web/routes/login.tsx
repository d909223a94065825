import type { MetaFunction } from 'react-router'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { LoginPage } from '../pages/LoginPage'

// The owner's sign-in: rendered in the browser only (its state is the
// session), so the server sends the page frame and the browser fills it.
export const handle = { private: true }

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Portfolio Admin | Sign in',
    description: 'Owner sign-in.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/login',
    noindex: true,
  })

export const clientLoader = () => null

export function HydrateFallback() {
  return <main id="main" className="min-h-[60vh] pt-24" />
}

export default LoginPage
