// The privacy and security page (issue 14): what the site collects and why,
// where and how long it is kept, how to get a copy or a deletion, the
// safeguards, and the request not to send patient health information. Its
// paragraphs are content blocks (privacy.*), editable like the other pages'.
import { useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { PRIVACY_COPY, type PrivacyContentKey, resolvePrivacyContent } from '../../schema/privacy-copy'
import { container, textLink } from '../components/ui'
import { siteConfig } from '../lib/site-config'
import { ensureLoaded, site } from '../state/site'

// Its copy lives in its own module (schema/privacy-copy.ts), loaded with this
// page only, so the site-wide entry chunk stays within its JavaScript budget.
function usePrivacyContent(key: PrivacyContentKey): string {
  useEffect(() => {
    void ensureLoaded('content')
  }, [])
  return resolvePrivacyContent(useSnapshot(site).content.data, key)
}

const SECTIONS: readonly { id: string; title: string; key: PrivacyContentKey }[] = [
  { id: 'collect', title: PRIVACY_COPY.collectTitle, key: 'privacy.collect' },
  { id: 'storage', title: PRIVACY_COPY.storageTitle, key: 'privacy.storage' },
  { id: 'retention', title: PRIVACY_COPY.retentionTitle, key: 'privacy.retention' },
  { id: 'rights', title: PRIVACY_COPY.rightsTitle, key: 'privacy.rights' },
  { id: 'safeguards', title: PRIVACY_COPY.safeguardsTitle, key: 'privacy.safeguards' },
]

function Section({ id, title, contentKey }: { id: string; title: string; contentKey: PrivacyContentKey }) {
  const text = usePrivacyContent(contentKey)
  return (
    <section aria-labelledby={`privacy-${id}`} className="flex flex-col gap-3">
      <h2 id={`privacy-${id}`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <p className="leading-relaxed whitespace-pre-line text-slate-700">{text}</p>
    </section>
  )
}

export function PrivacyPage() {
  const intro = usePrivacyContent('privacy.intro')
  const phi = usePrivacyContent('privacy.phi')
  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-16 sm:py-20`}>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {PRIVACY_COPY.heroTitle}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{intro}</p>
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
          <p className="mt-2 leading-relaxed whitespace-pre-line">{phi}</p>
        </section>
        {SECTIONS.map((s) => (
          <Section key={s.id} id={s.id} title={s.title} contentKey={s.key} />
        ))}
        {siteConfig.contactEmail && (
          <p className="text-slate-700">
            {PRIVACY_COPY.contactLead}{' '}
            <a href={`mailto:${siteConfig.contactEmail}`} className={textLink}>
              {siteConfig.contactEmail}
            </a>
            .
          </p>
        )}
      </div>
    </main>
  )
}
