// The privacy and security page (issue 14): what the site collects and why,
// where and how long it is kept, how to get a copy or a deletion, the
// safeguards, and the request not to send patient health information. Its
// paragraphs are content blocks (privacy.*), editable like the other pages';
// their defaults (schema/privacy-copy.ts) load with this page only.
import { Link, type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router'
import {
  PRIVACY_CONTENT_KEYS,
  PRIVACY_COPY,
  type PrivacyContentKey,
  resolvePrivacyContent,
} from '../../schema/privacy-copy'
import { TRUST_LINK } from '../../schema/site-copy'
import { container, textLink } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches, useSite } from '../lib/site'
import { siteServer } from '../lib/site-server'
import type { PageHandle } from '../root'

export async function loader({ context }: LoaderFunctionArgs) {
  const blocks = await context.get(siteServer).blocks('privacy')
  const keys = Object.keys(PRIVACY_CONTENT_KEYS) as PrivacyContentKey[]
  return {
    copy: Object.fromEntries(keys.map((k) => [k, resolvePrivacyContent(blocks, k)])) as Record<
      PrivacyContentKey,
      string
    >,
  }
}

// Nothing of this page runs in the browser: it is sent without scripts (ADR 170).
export const handle: PageHandle = { hydrate: false }

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Privacy & Security',
    description: 'What this site collects, where and how long it keeps it, and how to have it deleted.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/privacy',
  })

const SECTIONS: readonly { id: string; title: string; key: PrivacyContentKey }[] = [
  { id: 'collect', title: PRIVACY_COPY.collectTitle, key: 'privacy.collect' },
  { id: 'insights', title: PRIVACY_COPY.insightsTitle, key: 'privacy.insights' },
  { id: 'storage', title: PRIVACY_COPY.storageTitle, key: 'privacy.storage' },
  { id: 'retention', title: PRIVACY_COPY.retentionTitle, key: 'privacy.retention' },
  { id: 'rights', title: PRIVACY_COPY.rightsTitle, key: 'privacy.rights' },
  { id: 'portal', title: PRIVACY_COPY.portalTitle, key: 'privacy.portal' },
  { id: 'safeguards', title: PRIVACY_COPY.safeguardsTitle, key: 'privacy.safeguards' },
]

export default function PrivacyPage() {
  const { copy } = useLoaderData<typeof loader>()
  const { config } = useSite()
  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-16 sm:py-20`}>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {PRIVACY_COPY.heroTitle}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{copy['privacy.intro']}</p>
        </div>
      </section>
      <div className={`${container} flex max-w-3xl flex-col gap-10 py-16`}>
        <section
          aria-labelledby="privacy-phi"
          className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-5 text-amber-950"
        >
          <h2 id="privacy-phi" className="text-xl font-bold">
            {PRIVACY_COPY.phiTitle}
          </h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line">{copy['privacy.phi']}</p>
        </section>
        {SECTIONS.map((s) => (
          <section key={s.id} aria-labelledby={`privacy-${s.id}`} className="flex flex-col gap-3">
            <h2 id={`privacy-${s.id}`} className="text-2xl font-bold text-slate-900">
              {s.title}
            </h2>
            <p className="leading-relaxed whitespace-pre-line text-slate-700">{copy[s.key]}</p>
          </section>
        ))}
        <p className="text-slate-700">
          How the patient data of the practices I support is protected, and our breach-notice promise:{' '}
          <Link to={TRUST_LINK.path} className={textLink}>
            {TRUST_LINK.label}
          </Link>
          .
        </p>
        {config.contactEmail && (
          <p className="text-slate-700">
            {PRIVACY_COPY.contactLead}{' '}
            <a href={`mailto:${config.contactEmail}`} className={textLink}>
              {config.contactEmail}
            </a>
            .
          </p>
        )}
      </div>
    </main>
  )
}
