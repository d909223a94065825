// /admin/availability (issue 17): the owner's weekly hours, blocked days,
// minimum notice, booking horizon, meeting length and the visitors' change
// cut-off. Reached from the admin header; the six tabs of SPEC §2 are unchanged.
// Below, the owner's own calendars and the bookings feed (issue 56, Calendars.tsx).
import { type FormEvent, useEffect, useState } from 'react'
import { federalHolidaysOfComingYear } from '../../../schema/holidays'
import { TIME_SLOTS } from '../../../schema/request-options'
import { formatCalendarDate } from '../../../schema/slot-time'
import { toast } from '../../components/Toaster'
import { ApiRequestError, apiRequest } from '../../lib/api'
import { AdminDateField } from '../DateField'
import { OwnerPage } from '../OwnerPage'
import { AdminButton, Section } from '../ui'
import { Calendars } from './Calendars'

type Blocked = { from: string; to: string; note: string | null }
export type AvailabilitySettings = {
  weeklyHours: Record<string, string[]>
  blocked: Blocked[]
  minNoticeMinutes: number
  horizonDays: number
  meetingMinutes: number
  changeCutoffHours: number
  meetingLocationKind: 'none' | 'phone' | 'video'
  meetingLocation: string | null
  /** Federal holidays opened for bookings; the others are blocked (issue 28). */
  unblockedHolidays: string[]
  visitorMail: boolean
  bookingLinks: boolean
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const input =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-blue-600 focus:ring-2 focus:ring-blue-200'

export function AvailabilityPage() {
  return (
    <OwnerPage
      title="Availability"
      description={() => 'When visitors can book a consultation (Central Time)'}
    >
      <Editor />
      <Calendars />
    </OwnerPage>
  )
}

function Editor() {
  const [settings, setSettings] = useState<AvailabilitySettings | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    apiRequest('GET', '/api/availability/settings')
      .then((res) => res.json() as Promise<AvailabilitySettings>)
      .then(setSettings)
      .catch((err) => console.error(err))
  }, [])

  if (!settings) return <p className="text-slate-600">Loading...</p>

  const set = (patch: Partial<AvailabilitySettings>) => setSettings({ ...settings, ...patch })
  const toggle = (day: string, slot: string) => {
    const current = settings.weeklyHours[day] ?? []
    const next = current.includes(slot) ? current.filter((s) => s !== slot) : [...current, slot].sort()
    set({ weeklyHours: { ...settings.weeklyHours, [day]: next } })
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!settings) return
    setSaving(true)
    setErrors({})
    const { visitorMail: _m, bookingLinks: _l, ...body } = settings
    try {
      const res = await apiRequest('PUT', '/api/availability/settings', body)
      setSettings((await res.json()) as AvailabilitySettings)
      toast({ title: 'Saved', description: 'Availability updated.' })
    } catch (err) {
      if (err instanceof ApiRequestError) setErrors(err.fieldErrors)
      toast({
        title: 'Error',
        description: (err instanceof ApiRequestError && err.serverMessage) || 'Please try again.',
        variant: 'destructive',
      })
    } finally {
      setSaving(false)
    }
  }

  const number = (name: keyof AvailabilitySettings, label: string, hint: string) => (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium text-slate-800">{label}</span>
      <input
        type="number"
        name={name}
        min={0}
        className={input}
        value={String(settings[name])}
        onChange={(e) => set({ [name]: Number(e.currentTarget.value) } as Partial<AvailabilitySettings>)}
        aria-invalid={errors[name] ? true : undefined}
      />
      <span className="text-slate-600">{hint}</span>
      {errors[name] && <span className="text-red-700">{errors[name]}</span>}
    </label>
  )

  return (
    <form onSubmit={save} className="flex flex-col gap-6" aria-label="Availability">
      {(!settings.visitorMail || !settings.bookingLinks) && (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {!settings.visitorMail &&
            'Visitor e-mail is not configured on this deployment (VISITOR_MAIL): visitors get no confirmations, invitations or reminders; bookings, your notifications and the admin work as usual. '}
          {!settings.bookingLinks &&
            'No booking-link key (BOOKING_LINK_KEY): e-mails carry no link to cancel or move a booking.'}
        </p>
      )}
      <Section title="Weekly hours">
        {/* The grid scrolls inside its own box on a phone, never the page (issue 28). */}
        <div className="overflow-x-auto" role="region" aria-label="Weekly hours grid">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className="text-left">Day</th>
                {TIME_SLOTS.map((s) => (
                  <th key={s.value} className="px-1 text-center font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {WEEKDAYS.map((name, i) => (
                <tr key={name}>
                  <th scope="row" className="py-1 text-left font-medium">
                    {name}
                  </th>
                  {TIME_SLOTS.map((s) => (
                    <td key={s.value} className="text-center">
                      <input
                        type="checkbox"
                        aria-label={`${name} ${s.label}`}
                        checked={(settings.weeklyHours[String(i)] ?? []).includes(s.value)}
                        onChange={() => toggle(String(i), s.value)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section
        title="Blocked dates"
        actions={
          <AdminButton
            variant="secondary"
            onPress={() => set({ blocked: [...settings.blocked, { from: '', to: '', note: null }] })}
          >
            Add blocked dates
          </AdminButton>
        }
      >
        {settings.blocked.length === 0 ? (
          <p className="text-sm text-slate-600">No blocked dates.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {settings.blocked.map((b, i) => {
              const update = (patch: Partial<Blocked>) =>
                set({ blocked: settings.blocked.map((x, j) => (j === i ? { ...x, ...patch } : x)) })
              return (
                <li key={i} className="flex flex-wrap items-end gap-3">
                  <AdminDateField
                    name={`blocked.${i}.from`}
                    label="From"
                    isRequired
                    value={b.from}
                    onChange={(v) => update({ from: v, to: b.to || v })}
                  />
                  <AdminDateField
                    name={`blocked.${i}.to`}
                    label="To"
                    isRequired
                    value={b.to}
                    onChange={(v) => update({ to: v })}
                  />
                  <label className="flex flex-col gap-1 text-sm">
                    <span className="font-medium">Note</span>
                    <input
                      className={input}
                      value={b.note ?? ''}
                      onChange={(e) => update({ note: e.currentTarget.value || null })}
                    />
                  </label>
                  <AdminButton
                    variant="secondary"
                    onPress={() => set({ blocked: settings.blocked.filter((_, j) => j !== i) })}
                  >
                    Remove
                  </AdminButton>
                </li>
              )
            })}
          </ul>
        )}
      </Section>

      <Section title="Holidays">
        {/* US federal holidays are blocked by default (schema/holidays.ts); a day unblocked here is offered like any other. */}
        <p className="mb-3 text-sm text-slate-600">
          US federal holidays are blocked. Unblock a day to offer consultations on it; save to apply.
        </p>
        <ul className="flex flex-col divide-y divide-slate-200" aria-label="Upcoming holidays">
          {/* Today by UTC, not Central: a list of a year's holidays does not mind the
              hours between them, and Central's today (slot-time.ts) would add bytes to
              the chunk this page shares with the public schedule form. */}
          {federalHolidaysOfComingYear(new Date().toISOString().slice(0, 10)).map((h) => {
            const open = (settings.unblockedHolidays ?? []).includes(h.date)
            return (
              <li key={h.date} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-medium text-slate-900">{h.name}</span>{' '}
                  <span className="text-slate-600">{formatCalendarDate(h.date)}</span>
                </span>
                <span className="flex items-center gap-3">
                  <span className={open ? 'text-green-800' : 'text-slate-600'}>
                    {open ? 'Open' : 'Blocked'}
                  </span>
                  <AdminButton
                    variant="secondary"
                    aria-label={`${open ? 'Block' : 'Unblock'} ${h.name}, ${formatCalendarDate(h.date)}`}
                    onPress={() =>
                      set({
                        unblockedHolidays: open
                          ? settings.unblockedHolidays.filter((d) => d !== h.date)
                          : [...(settings.unblockedHolidays ?? []), h.date].sort(),
                      })
                    }
                  >
                    {open ? 'Block' : 'Unblock'}
                  </AdminButton>
                </span>
              </li>
            )
          })}
        </ul>
      </Section>

      <Section title="Rules">
        <div className="grid gap-4 sm:grid-cols-2">
          {number('minNoticeMinutes', 'Minimum notice (minutes)', 'Slots sooner than this are not offered.')}
          {number('horizonDays', 'Booking horizon (days)', 'How far ahead visitors can book.')}
          {number('meetingMinutes', 'Meeting length (minutes)', 'The length of the calendar invitation.')}
          {number(
            'changeCutoffHours',
            'Change cut-off (hours)',
            'Visitors can cancel or move a booking until this long before it.',
          )}
        </div>
        {settings.changeCutoffHours * 60 > settings.minNoticeMinutes && (
          // Allowed (the schedule form tells visitors), but the owner should know what the two rules add up to.
          <p className="mt-3 text-sm text-amber-800">
            The cut-off is longer than the minimum notice: a booking made less than{' '}
            {settings.changeCutoffHours} hours ahead cannot be changed online at all. The schedule form tells
            visitors so before they send it.
          </p>
        )}
      </Section>

      <Section title="How to meet">
        {/* Join details (issue 28): in every booking mail and in the invitation's LOCATION and DESCRIPTION. */}
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
            Meeting by
            <select
              name="meetingLocationKind"
              className={input}
              value={settings.meetingLocationKind}
              onChange={(e) =>
                set({ meetingLocationKind: e.target.value as AvailabilitySettings['meetingLocationKind'] })
              }
            >
              <option value="none">Not set (arranged by e-mail)</option>
              <option value="phone">Phone call to a number</option>
              <option value="video">Video link</option>
            </select>
          </label>
          {settings.meetingLocationKind !== 'none' && (
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
              {settings.meetingLocationKind === 'phone' ? 'Phone number to call' : 'Video link (https://)'}
              <input
                name="meetingLocation"
                required
                className={input}
                type={settings.meetingLocationKind === 'phone' ? 'tel' : 'url'}
                value={settings.meetingLocation ?? ''}
                onChange={(e) => set({ meetingLocation: e.target.value })}
                aria-invalid={errors.meetingLocation ? true : undefined}
                aria-describedby={errors.meetingLocation ? 'meetingLocation-error' : undefined}
              />
              {errors.meetingLocation && (
                <span id="meetingLocation-error" className="text-sm text-red-700">
                  {errors.meetingLocation}
                </span>
              )}
            </label>
          )}
        </div>
      </Section>

      <div>
        <AdminButton type="submit" isPending={saving}>
          Save availability
        </AdminButton>
      </div>
    </form>
  )
}
