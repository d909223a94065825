// The e-mailed sign-in link's page (issue 24). Opening it (GET) only shows a
// "Continue" button: mail scanners fetch links, and a GET that signed in would
// use the link up before the person clicks. The button's POST uses the link
// (once) and signs in. A used, expired or unknown link says so, with the form
// to ask for a new one: posted to /portal (its limits and its neutral answer),
// carrying where the dead link led (a quote, an invoice) so the new one goes
// there too.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
} from 'react-router'
import { SIGN_IN_LINK_LIFETIME } from '../../schema/sign-in-link'
import { pageRequestOf } from '../../worker/page-context'
import { signInLinkNext, signInLinkUsable } from '../../worker/services/portal-links'
import { signInWithLink } from '../../worker/services/portal-sessions'
import { button } from '../components/ui'
import { TextInput } from '../forms/fields'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { PortalFrame, portalCard } from '../portal/ui'

export const handle = { private: true }

const LINK_GONE = `This sign-in link was already used or has expired. Links work once, within ${SIGN_IN_LINK_LIFETIME}.`

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { db } = pageRequestOf(context)
  const token = params.token ?? ''
  const usable = await signInLinkUsable(db, token)
  const next = usable ? null : await signInLinkNext(db, token)
  return data({ usable, next }, { status: usable ? 200 : 410 })
}

/** Uses the link (once): the session's cookie, and on to where the link leads (else the portal). */
export async function action({ params, context }: ActionFunctionArgs) {
  const { db, ip, userAgent, portalCookie } = pageRequestOf(context)
  const token = params.token ?? ''
  const session = await signInWithLink(db, token, { userAgent, ip })
  if (!session) return data({ gone: true, next: await signInLinkNext(db, token) }, { status: 410 })
  throw redirect(session.next ?? '/portal', {
    headers: { 'Set-Cookie': portalCookie.start(session.token, session.expiresAt) },
  })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Sign in to the client portal',
    description: 'Continue to the client portal.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalSignIn() {
  const { usable, next: linkNext } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const gone = result?.gone || !usable
  const next = result?.next ?? linkNext
  return (
    <PortalFrame contact={null} title="Sign in to the client portal">
      {gone ? (
        <>
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
            {LINK_GONE}
          </p>
          <Form method="post" action="/portal" className={portalCard} noValidate>
            {next && <input type="hidden" name="next" value={next} />}
            <TextInput name="email" label="Your e-mail address" type="email" autoComplete="email" required />
            <button type="submit" className={`${button.primary} mt-2`}>
              E-mail me a new link
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" className={portalCard}>
          <p className="text-slate-700">Press Continue to sign in on this device.</p>
          <button type="submit" className={`${button.primary} mt-4`}>
            Continue
          </button>
        </Form>
      )}
    </PortalFrame>
  )
}
