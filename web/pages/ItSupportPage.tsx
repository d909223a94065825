import { useEffect, useRef, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link } from 'react-router'
import { CLAIMS, IT_SUPPORT_COPY } from '../../schema/site-copy'
import { ChatbotDemo } from '../components/ChatbotDemo'
import { CheckIcon, GaugeIcon, ShieldIcon, WrenchIcon } from '../components/icons'
import { CheckCard, CtaSection, IconCard, TitledSection } from '../components/sections'
import { button, container, section, sectionTitle } from '../components/ui'
import { SupportRequestForm } from '../forms/SupportRequestForm'
import { siteConfig } from '../lib/site-config'
import { useContent } from '../state/site'

const SERVICES = [
  {
    title: 'Security',
    text: 'Firewalls, backups, password policies and HIPAA risk reviews that keep patient and business data safe.',
    points: ['Security audits', 'Backup and recovery', 'HIPAA safeguards'],
    Icon: ShieldIcon,
  },
  {
    title: 'System Optimisation',
    text: 'Slow computers, unreliable Wi-Fi and printers that never work: fixed, tuned and documented.',
    points: ['Network setup', 'Performance tuning', 'Hardware upgrades'],
    Icon: GaugeIcon,
  },
  {
    title: 'Custom Solutions',
    text: 'When off-the-shelf software does not fit, I build or connect the tools your office needs.',
    points: ['Workflow automation', 'System integration', 'Data migration'],
    Icon: WrenchIcon,
  },
]

const REASONS = [
  `${CLAIMS.responseTime} on business days, and same-day help for emergencies.`,
  'Healthcare experience: I understand clinical workflows and HIPAA obligations.',
  'Plain-English explanations and documentation you can keep.',
  `Local to ${CLAIMS.location}, with remote support wherever you are.`,
]

export function ItSupportPage() {
  const intro = useContent('it-support.intro')
  const [showForm, setShowForm] = useState(false)
  const formHeading = useRef<HTMLHeadingElement>(null)
  const requestButton = useRef<HTMLButtonElement>(null)
  const moveFocus = useRef<'form' | 'services' | null>(null)

  // The button that was pressed disappears when the view switches: move focus
  // to what replaced it, so keyboard users are not dropped at the page start.
  useEffect(() => {
    if (moveFocus.current === 'form') formHeading.current?.focus({ preventScroll: true })
    if (moveFocus.current === 'services') requestButton.current?.focus({ preventScroll: true })
    moveFocus.current = null
  }, [showForm])

  const openForm = (scrollToTop: boolean) => {
    if (scrollToTop) window.scrollTo({ top: 0 })
    if (showForm) return formHeading.current?.focus({ preventScroll: true })
    moveFocus.current = 'form'
    setShowForm(true)
  }
  const closeForm = () => {
    moveFocus.current = 'services'
    setShowForm(false)
  }

  return (
    <main id="main" className="pt-16">
      <section className="bg-gradient-to-br from-slate-950 via-blue-950 to-slate-900 text-white">
        <div className={`${container} py-16 sm:py-20`}>
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">
            {IT_SUPPORT_COPY.heroTitle}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200">{intro}</p>
          {!showForm && (
            <Button ref={requestButton} onPress={() => openForm(false)} className={`mt-8 ${button.light}`}>
              {IT_SUPPORT_COPY.requestSupportNow}
            </Button>
          )}
        </div>
      </section>

      {showForm ? (
        <section aria-labelledby="support-form-title" className={section}>
          <div className={`${container} max-w-3xl`}>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <h2
                id="support-form-title"
                ref={formHeading}
                tabIndex={-1}
                className={`${sectionTitle} rounded outline-none focus-visible:ring-2 focus-visible:ring-blue-700`}
              >
                {IT_SUPPORT_COPY.formTitle}
              </h2>
              <Button onPress={closeForm} className={button.secondary}>
                {IT_SUPPORT_COPY.backToServices}
              </Button>
            </div>
            <div className="mt-8">
              <SupportRequestForm onSubmitted={closeForm} />
            </div>
          </div>
        </section>
      ) : (
        <>
          <TitledSection headingId="services-title" title={IT_SUPPORT_COPY.servicesTitle}>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {SERVICES.map(({ title, text, points, Icon }) => (
                <IconCard key={title} Icon={Icon} title={title} text={text} boxed>
                  <ul className="mt-4 flex flex-col gap-1.5 text-sm text-slate-700">
                    {points.map((point) => (
                      <li key={point} className="flex items-center gap-2">
                        <CheckIcon className="h-4 w-4 shrink-0 text-emerald-700" />
                        {point}
                      </li>
                    ))}
                  </ul>
                </IconCard>
              ))}
            </ul>
          </TitledSection>

          <TitledSection headingId="why-title" title={IT_SUPPORT_COPY.whyTitle} muted>
            <ul className="mt-10 grid gap-4 md:grid-cols-2">
              {REASONS.map((reason) => (
                <CheckCard key={reason}>{reason}</CheckCard>
              ))}
            </ul>
          </TitledSection>
        </>
      )}

      <section aria-labelledby="demo-title" className={section}>
        <div className={container}>
          <h2 id="demo-title" className={sectionTitle}>
            {IT_SUPPORT_COPY.demoTitle}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">
            Try an AI assistant I built: it answers questions from a live database, the same way it could
            answer your customers or staff.
          </p>
          <div className="mt-8">
            <ChatbotDemo url={siteConfig.chatbotDemoUrl} />
          </div>
        </div>
      </section>

      <CtaSection
        headingId="support-cta"
        title={IT_SUPPORT_COPY.ctaTitle}
        text="Describe the problem and I will get back to you within 24 hours, or sooner for emergencies."
      >
        <Button onPress={() => openForm(true)} className={button.light}>
          {IT_SUPPORT_COPY.submitSupportRequest}
        </Button>
        <Link to="/#contact" className={button.outlineLight}>
          {IT_SUPPORT_COPY.contactMeDirectly}
        </Link>
      </CtaSection>
    </main>
  )
}
