// The schedule-consultation form (SPEC §2, §3, §5): personal information,
// project details and the preferred meeting time. Options come from the shared
// constants; the server decides, and its messages appear beside the fields.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { FormLimits } from '../../schema/form-constraints'
import { PRIVACY_FORM_NOTICE, REQUEST_FORM_ERRORS, REQUEST_FORM_TOASTS } from '../../schema/request-form-copy'
import { BUDGETS, BUSINESS_TIME_ZONE, PROJECT_TYPES } from '../../schema/request-options'
import { formatCalendarDate, formatSlotTime, slotInstant } from '../../schema/slot-time'
import type { PublicAvailability } from '../lib/site-server'
import { consultationPayload } from './consultation-payload'
import { ContactFields, Honeypot, SelectInput, SubmitButton, TextAreaInput } from './fields'
import { FormSection, twoColumns } from './layout'
import { anotherClass, Confirmation, type FormOutcome, RefusedNotice, useRequestForm } from './request-form'
import { Turnstile } from './Turnstile'

/**
 * The visitor's own zone when it is not Central (after hydration only: the
 * server cannot know it), else null.
 */
function useVisitorZone(): string | null {
  const [zone, setZone] = useState<string | null>(null)
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone
    if (own && own !== BUSINESS_TIME_ZONE) setZone(own)
  }, [])
  return zone
}

/** "8:00 AM on Monday, November 23" in the visitor's zone, or null when it is the same wall-clock time. */
export function localTimeOf(date: string, time: string, zone: string): string | null {
  const instant = slotInstant(date, time)
  if (!instant) return null
  const at = new Date(instant)
  const fmt = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(at)
  if (fmt(zone) === fmt(BUSINESS_TIME_ZONE)) return null
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(at)
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  }).format(at)
  return `${local} on ${day}`
}

export function ConsultationForm({
  outcome,
  availability,
  limits,
  shownWithPage,
}: {
  outcome?: FormOutcome
  availability: PublicAvailability
  /** The limits of consultationInput, the schema the server checks the request with (ADR 148). */
  limits: FormLimits
  /** Server-rendered with the page and hydrated late (ADR 170): not a form shown after the page loaded. */
  shownWithPage?: boolean
}) {
  const form = useRequestForm({
    shownWithPage,
    url: '/api/consultations',
    insight: 'consultation',
    payload: consultationPayload,
    success: REQUEST_FORM_TOASTS.consultationSent,
    failure: { title: REQUEST_FORM_ERRORS.errorTitle, description: REQUEST_FORM_ERRORS.consultationFailed },
    outcome,
  })
  const { errors, values } = form
  const zone = useVisitorZone()
  // The days offered: the free ones; a day the server just answered for (a taken slot) has its fresh slots.
  const days = availability.days.map((d) =>
    form.freeSlots && form.freeSlots.date === d.date ? { date: d.date, slots: form.freeSlots.slots } : d,
  )
  const [date, setDate] = useState<string>(
    form.freeSlots?.date ?? values.preferredDate?.slice(0, 10) ?? days[0]?.date ?? '',
  )
  const [time, setTime] = useState<string | undefined>(values.preferredTime)
  const slots = days.find((d) => d.date === date)?.slots ?? []
  const localTime = zone && date && time && slots.includes(time) ? localTimeOf(date, time, zone) : null

  if (form.sent) {
    return (
      <Confirmation
        content={REQUEST_FORM_TOASTS.consultationSent}
        reference={form.reference}
        when={form.when}
        another={
          // Without JavaScript this is a link back to an empty form; with it, the form comes back in place.
          <Link
            to="/schedule-consultation"
            onClick={(e) => {
              e.preventDefault()
              form.another()
            }}
            className={anotherClass}
          >
            Request another consultation
          </Link>
        }
      />
    )
  }

  return (
    <form key={form.formKey} {...form.formProps} aria-label="Schedule a consultation" className="relative">
      <div className="flex flex-col gap-10">
        <RefusedNotice text={form.refused} />
        <FormSection id="consultation-personal" title="Personal Information">
          <ContactFields
            organisation={{ name: 'company', label: 'Company / Organization' }}
            limits={limits}
            values={values}
            errors={errors}
          />
        </FormSection>

        <FormSection id="consultation-project" title="Project Details">
          <div className={twoColumns}>
            <SelectInput
              name="projectType"
              label="Project Type"
              {...limits.projectType}
              options={PROJECT_TYPES}
              placeholder="Select a project type"
              defaultValue={values.projectType}
              error={errors.projectType}
            />
            <SelectInput
              name="budget"
              label="Budget Range"
              {...limits.budget}
              options={BUDGETS}
              placeholder="Select a budget range"
              defaultValue={values.budget}
              error={errors.budget}
            />
          </div>
          <TextAreaInput
            name="description"
            label="Project Description"
            {...limits.description}
            placeholder="What problem should the software solve? Who will use it?"
            description={PRIVACY_FORM_NOTICE}
            defaultValue={values.description}
            error={errors.description}
          />
        </FormSection>

        <FormSection id="consultation-time" title="Preferred Meeting Time">
          {days.length === 0 ? (
            <p role="status" className="text-slate-700">
              No consultation times are free at the moment. Please call or e-mail instead.
            </p>
          ) : (
            <div className={twoColumns}>
              {/* Only free days are offered; their free times follow the chosen day. */}
              <SelectInput
                name="preferredDate"
                label="Preferred Date"
                {...limits.preferredDate}
                options={days.map((d) => ({ value: d.date, label: formatCalendarDate(d.date) }))}
                placeholder="Select a date"
                defaultValue={date}
                onChange={(value) => {
                  setDate(value)
                  setTime(undefined)
                }}
                error={errors.preferredDate}
              />
              <SelectInput
                // A new day brings its own times: the list is rebuilt and nothing stays chosen.
                key={date}
                name="preferredTime"
                label="Preferred Time"
                {...limits.preferredTime}
                options={slots.map((slot) => ({ value: slot, label: formatSlotTime(slot) }))}
                placeholder="Select a time"
                description={
                  localTime
                    ? `Central Time (CST/CDT); that is ${localTime} your time`
                    : 'Central Time (CST/CDT)'
                }
                defaultValue={time && slots.includes(time) ? time : undefined}
                onChange={setTime}
                error={errors.preferredTime}
              />
              {/* Said before sending (issue 28): how long a booking can be changed online. */}
              <p className="text-sm text-slate-700 sm:col-span-2">
                {`Bookings can be changed or cancelled online up to ${availability.changeCutoffHours} hours before the meeting; after that, reply to the confirmation e-mail.`}
              </p>
            </div>
          )}
        </FormSection>

        <Honeypot />
        <Turnstile />
        <div>
          <SubmitButton isPending={form.isPending} idle="Schedule Consultation" pending="Submitting..." />
        </div>
      </div>
    </form>
  )
}
