// One consultation as its visitor sees it (issue 28), the same block on the
// signed manage page and in the client portal: the time in Central (and the
// visitor's own zone once the page runs), the status in the words the mails
// and the invitation use, how to meet, moving it by day and then time, and
// cancelling with a confirmation and an optional reason. Plain links and
// forms posted to the page that shows it, so every step works without
// JavaScript; each page's action reads the posts with consultationAction, and
// its loader prepares the words with consultationView (web/booking/view.ts),
// which keeps this code small: the portal's pages have a 120 KB JS budget.
import { Form, Link } from 'react-router'
import { CANCEL_REASON_MAX } from '../../schema/booking'
import { button } from '../components/ui'
import { SelectInput, TextAreaInput } from '../forms/fields'
import type { ConsultationResult } from './consultation-action'
import type { ConsultationView } from './view'
import { localClock, useVisitorZone, YourTime } from './visitor-zone'

const heading = 'text-xl font-bold text-slate-900'
const step = 'mt-6 mb-2 font-semibold text-slate-800'

export function ConsultationBlock({
  view,
  result,
  title,
  cardClass,
}: {
  view: ConsultationView
  /** The answer to the page's last post, if any (only a cancel's step and reason are read here). */
  result?: Pick<ConsultationResult, 'ok' | 'step' | 'reason'> & { errors?: Record<string, string> }
  /** The heading of the details card ("Details" on the manage page, "Meeting" in the portal). */
  title: string
  cardClass: string
}) {
  const zone = useVisitorZone()
  const day = view.day
  const confirming = result?.step === 'confirm-cancel'

  return (
    <>
      <section aria-labelledby="booking-details" className={cardClass}>
        <h2 id="booking-details" className={heading}>
          {title}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 break-words text-slate-800">
          {view.rows.map(([label, value]) => [
            <dt key={label} className="font-semibold">
              {label}
            </dt>,
            <dd key={value}>{value}</dd>,
          ])}
        </dl>
        <YourTime iso={view.start} />
      </section>

      {view.changeable ? (
        <section aria-labelledby="booking-move" className={cardClass}>
          <h2 id="booking-move" className={heading}>
            Move or cancel
          </h2>
          <h3 id="booking-days" className={step}>
            1. Choose a day
          </h3>
          <ul aria-labelledby="booking-days" className="flex flex-wrap gap-2">
            {view.days.map((d) => (
              <li key={d.date}>
                {/* A link to ?day=: without JS the server renders that day's times; with it the page switches in place. */}
                <Link
                  to={`?day=${d.date}`}
                  preventScrollReset
                  aria-label={d.long}
                  aria-current={d.date === day?.date ? 'date' : undefined}
                  className={`${button.small} border border-slate-300 aria-[current=date]:bg-blue-700 aria-[current=date]:text-white`}
                >
                  {d.short}
                </Link>
              </li>
            ))}
          </ul>
          {/* Announced when the day switches in place; the page's own alerts stay the only alerts. */}
          <div aria-live="polite">
            <h3 className={step}>{`2. Choose a time${day ? ` on ${day.long}` : ''}`}</h3>
            <p className="font-medium text-red-800">{view.problem}</p>
          </div>
          {day && (
            // A new day's times are new options, so nothing stays chosen. After a
            // refused move the page reads the day again, so it lists what is still free.
            <Form method="post">
              <SelectInput
                name="slot"
                label="New time (Central Time)"
                required
                options={day.times.map((t) => ({
                  value: t.value,
                  label: zone ? `${t.label} (${localClock(t.start, zone)} your time)` : t.label,
                }))}
                placeholder="Select a free time"
              />
              <button type="submit" name="intent" value="move" className={button.primary}>
                Move my consultation
              </button>
            </Form>
          )}
          <h3 className={step}>Cancel</h3>
          <p className="mb-3">{view.changeUntil}</p>
          <Form method="post">
            {confirming ? (
              <>
                <p className="font-semibold">{view.cancelQuestion}</p>
                <TextAreaInput
                  name="reason"
                  label="Reason (optional, sent to the consultant)"
                  maxLength={CANCEL_REASON_MAX}
                  defaultValue={result.reason}
                  error={result.errors?.reason}
                />
                <button type="submit" name="intent" value="cancel" className={button.primary}>
                  Confirm cancellation
                </button>{' '}
                {/* Back to the page as it was: nothing was changed, so nothing is to be undone. */}
                <Link to={`?day=${day?.date ?? ''}`} className={button.secondary}>
                  Keep my consultation
                </Link>
              </>
            ) : (
              <button type="submit" name="intent" value="cancel-ask" className={button.secondary}>
                Cancel this consultation
              </button>
            )}
          </Form>
        </section>
      ) : (
        <p className="text-slate-700">{view.note}</p>
      )}
    </>
  )
}
