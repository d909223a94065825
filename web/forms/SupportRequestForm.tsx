// The IT-support request form (SPEC §2, §3, §5). After a request is sent the
// page shows a confirmation in its place; the next request starts from an
// empty form (SPEC §4: the form resets after success).
import type { ReactNode } from 'react'
import type { FormLimits } from '../../schema/form-constraints'
import { PRIVACY_FORM_NOTICE, REQUEST_FORM_ERRORS, REQUEST_FORM_TOASTS } from '../../schema/request-form-copy'
import {
  CONTACT_METHODS,
  CONTACT_TIMES,
  FORM_ISSUE_TYPES,
  URGENCY_LEVELS,
} from '../../schema/request-options'
import { ContactFields, Honeypot, RadioInput, SelectInput, SubmitButton, TextAreaInput } from './fields'
import { twoColumns } from './layout'
import { Confirmation, type FormOutcome, RefusedNotice, useRequestForm } from './request-form'
import { Turnstile } from './Turnstile'

export function SupportRequestForm({
  outcome,
  done,
  limits,
  prefill,
  shownWithPage,
}: {
  outcome?: FormOutcome
  /** Server-rendered with the page and hydrated late (ADR 170): not a form shown after the page loaded. */
  shownWithPage?: boolean
  /** A description written in by the page (the BAA request from /trust). */
  prefill?: string
  done: ReactNode
  /** The limits of supportRequestInput, the schema the server checks the request with (ADR 148). */
  limits: FormLimits
}) {
  const form = useRequestForm({
    shownWithPage,
    url: '/api/consultation',
    insight: 'support',
    payload: (values) => values,
    success: REQUEST_FORM_TOASTS.supportSent,
    failure: { title: REQUEST_FORM_ERRORS.errorTitle, description: REQUEST_FORM_ERRORS.supportFailed },
    outcome,
  })
  const { errors, values } = form

  if (form.sent)
    return (
      <Confirmation content={REQUEST_FORM_TOASTS.supportSent} reference={form.reference} another={done} />
    )

  return (
    <form key={form.formKey} {...form.formProps} aria-label="IT support request" className="relative">
      <div className="flex flex-col gap-3">
        <RefusedNotice text={form.refused} />
        <ContactFields
          organisation={{ name: 'businessName', label: 'Business Name' }}
          limits={limits}
          values={values}
          errors={errors}
        />

        <SelectInput
          name="issueType"
          label="Issue Type"
          {...limits.issueType}
          options={FORM_ISSUE_TYPES}
          placeholder="Select the type of issue"
          defaultValue={values.issueType}
          error={errors.issueType}
        />

        <RadioInput
          name="urgency"
          label="Urgency Level"
          required={limits.urgency?.required}
          options={URGENCY_LEVELS}
          columns={4}
          defaultValue={values.urgency}
          error={errors.urgency}
        />

        <TextAreaInput
          name="description"
          label="Describe the Issue"
          {...limits.description}
          placeholder="What is happening, since when, and what have you tried?"
          description={PRIVACY_FORM_NOTICE}
          defaultValue={values.description || prefill}
          error={errors.description}
        />

        <div className={twoColumns}>
          <RadioInput
            name="preferredContact"
            label="Preferred Contact Method"
            required={limits.preferredContact?.required}
            options={CONTACT_METHODS}
            columns={3}
            defaultValue={values.preferredContact}
            error={errors.preferredContact}
          />
          <SelectInput
            name="preferredTime"
            label="Preferred Contact Time"
            {...limits.preferredTime}
            options={CONTACT_TIMES}
            // "Anytime" is among the options; the empty choice is not a second way to say it (issue 28).
            placeholder="Select a time"
            defaultValue={values.preferredTime}
            error={errors.preferredTime}
          />
        </div>

        <Honeypot />
        <Turnstile />
        <div>
          <SubmitButton isPending={form.isPending} idle="Send Support Request" pending="Sending Request..." />
        </div>
      </div>
    </form>
  )
}
