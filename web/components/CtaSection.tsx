import type { ReactNode } from 'react'
import { container, section } from './ui'

/**
 * The dark closing call-to-action band of Home, About and IT support: a title,
 * a line of copy and the page's buttons. `id` makes it an anchor target
 * (Home's #contact); the heading's id labels the section either way.
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
