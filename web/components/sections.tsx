// The building blocks the public pages repeat: titled bands, icon cards, check
// cards and the closing call-to-action. Home, About and IT support share this
// module (one small lazy chunk, not the entry: see docs/decisions/011).
import type { ComponentType, ReactNode } from 'react'
import { CheckIcon } from './icons'
import { card, container, section, sectionTitle } from './ui'

/** A page band labelled by its h2 on the page container; `muted` gives it the grey background. */
export function TitledSection({
  headingId,
  title,
  muted,
  children,
}: {
  headingId: string
  title: ReactNode
  muted?: boolean
  children: ReactNode
}) {
  return (
    <section aria-labelledby={headingId} className={muted ? `${section} bg-slate-50` : section}>
      <div className={container}>
        <h2 id={headingId} className={sectionTitle}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  )
}

/**
 * A list card led by an icon: in a tinted box (`boxed`) or bare and larger.
 * `compact` sets a smaller title for four-column grids; `children` follow the text.
 */
export function IconCard({
  Icon,
  title,
  text,
  boxed,
  compact,
  children,
}: {
  Icon: ComponentType<{ className?: string }>
  title: string
  text: ReactNode
  boxed?: boolean
  compact?: boolean
  children?: ReactNode
}) {
  return (
    <li className={card}>
      {boxed ? (
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-lg bg-blue-50 text-blue-800">
          <Icon />
        </span>
      ) : (
        <Icon className="h-8 w-8 text-blue-700" />
      )}
      <h3 className={`mt-4 ${compact ? 'text-lg' : 'text-xl'} font-bold text-slate-900`}>{title}</h3>
      <p className="mt-2 text-slate-700">{text}</p>
      {children}
    </li>
  )
}

/** A list card holding one statement, led by a green check. */
export function CheckCard({ children }: { children: ReactNode }) {
  return (
    <li className={`${card} flex items-start gap-3`}>
      <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
      <span className="text-slate-700">{children}</span>
    </li>
  )
}

/**
 * The dark closing call-to-action band: a title, a line of copy and the page's
 * buttons. `id` makes it an anchor target (Home's #contact); the heading's id
 * labels the section either way.
 */
export function CtaSection({
  id,
  headingId,
  title,
  text,
  children,
}: {
  id?: string
  headingId: string
  title: ReactNode
  text: ReactNode
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`${section} ${id ? 'scroll-mt-20 ' : ''}bg-blue-900 text-white`}
    >
      <div className={`${container} text-center`}>
        <h2 id={headingId} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-50">{text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
      </div>
    </section>
  )
}
