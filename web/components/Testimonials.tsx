// Approved testimonials (issue 40): server-rendered quotes, no behaviour of
// their own, so the public pages gain markup and no client code. Nothing is
// shown when there are none.
import type { PublicTestimonial } from '../../schema/ratings'
import { TitledSection } from './sections'

export function Testimonials({ items, muted }: { items: PublicTestimonial[]; muted?: boolean }) {
  if (!items.length) return null
  return (
    <TitledSection headingId="testimonials-title" title="What clients say" muted={muted}>
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {items.map((t) => (
          <li key={t.id}>
            <figure className="h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <blockquote className="whitespace-pre-line break-words text-slate-800">“{t.quote}”</blockquote>
              <figcaption className="mt-4 text-sm font-semibold text-slate-900">
                {t.displayName}
                <span className="font-normal text-slate-600">, {t.practiceName}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </TitledSection>
  )
}
