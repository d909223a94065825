// The public trust page (issue 39, point 5): the safeguards, the breach-notice
// promise, the subprocessors and "Request our BAA", which opens the IT-support
// form with the request written in (a query parameter the server reads, so it
// works without JavaScript). Its paragraphs are content blocks (trust.*); the
// page has nothing to hydrate beyond links, so it adds no script of its own.
import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import { PRIVACY_LINK } from '../../schema/site-copy'
import {
  resolveTrustContent,
  TRUST_CONTENT_KEYS,
  TRUST_COPY,
  type TrustContentKey,
} from '../../schema/trust-copy'
import { button, container, textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { siteServer } from '../lib/site-server'
import type { PageHandle } from '../root'

export async function loader({ context }: LoaderFunctionArgs) {
  const blocks = await context.get(siteServer).blocks('trust')
  const keys = Object.keys(TRUST_CONTENT_KEYS) as TrustContentKey[]
  return {
    copy: Object.fromEntries(keys.map((k) => [k, resolveTrustContent(blocks, k)])) as Record<
      TrustContentKey,
      string
    >,
  }
}

// Nothing of this page runs in the browser: it is sent without scripts (ADR 170).
export const handle: PageHandle = { hydrate: false }

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: TRUST_COPY.heroTitle,
    description:
      'How patient data is protected: MFA, encryption, audit logs, access reviews, the breach-notice promise and the subprocessors. Request our BAA.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: TRUST_COPY.path,
  })

/** One line of the copy a list item (the owner writes one safeguard or subprocessor a line). */
const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

const LISTS: readonly { id: string; title: string; key: TrustContentKey }[] = [
  { id: 'safeguards', title: TRUST_COPY.safeguardsTitle, key: 'trust.safeguards' },
  { id: 'subprocessors', title: TRUST_COPY.subprocessorsTitle, key: 'trust.subprocessors' },
]

export default function TrustPage() {
  const { copy } = useLoaderData<typeof loader>()
  const list = (s: (typeof LISTS)[number]) => (
    <section key={s.id} aria-labelledby={`trust-${s.id}`} className="flex flex-col gap-3">
      <h2 id={`trust-${s.id}`} className="text-2xl font-bold text-slate-900">
        {s.title}
      </h2>
      <ul className="list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
        {lines(copy[s.key]).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  )
  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-16 sm:py-20`}>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {TRUST_COPY.heroTitle}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{copy['trust.intro']}</p>
        </div>
      </section>
      <div className={`${container} flex max-w-3xl flex-col gap-10 py-16`}>
        {list(LISTS[0]!)}
        <section aria-labelledby="trust-breach" className="flex flex-col gap-3">
          <h2 id="trust-breach" className="text-2xl font-bold text-slate-900">
            {TRUST_COPY.breachTitle}
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{copy['trust.breach']}</p>
        </section>
        {list(LISTS[1]!)}
        <section aria-labelledby="trust-baa" className="flex flex-col items-start gap-3">
          <h2 id="trust-baa" className="text-2xl font-bold text-slate-900">
            {TRUST_COPY.baaTitle}
          </h2>
          <p className="leading-relaxed whitespace-pre-line text-slate-700">{copy['trust.baa']}</p>
          <Link to={TRUST_COPY.baaHref} className={button.primary}>
            {TRUST_COPY.baaLink}
          </Link>
        </section>
        <p className="text-slate-700">
          {TRUST_COPY.privacyLead}{' '}
          <Link to={PRIVACY_LINK.path} className={textLink}>
            {PRIVACY_LINK.label}
          </Link>
        </p>
      </div>
    </main>
  )
}
