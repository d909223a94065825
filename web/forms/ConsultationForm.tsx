// The schedule-consultation form (SPEC §2, §3, §5): personal information,
// project details and the preferred meeting time. Options come from the shared
// constants; the server decides, and its messages appear beside the fields.
import { Link } from 'react-router'
import { ERRORS, TOASTS } from '../../schema/messages'
import { PRIVACY_COPY } from '../../schema/privacy-copy'
import { BUDGETS, PROJECT_TYPES, TIME_SLOTS } from '../../schema/request-options'
import { DateInput, Honeypot, SelectInput, SubmitButton, TextAreaInput, TextInput } from './fields'
import { FormSection, twoColumns } from './layout'
import { anotherClass, Confirmation, type FormOutcome, RefusedNotice, useRequestForm } from './request-form'
import { businessToday, slotInstant } from './slot'
import { Turnstile } from './Turnstile'

/** The API payload of the form's values: the chosen date and slot become one ISO date-time (Central time). */
export function consultationPayload({ preferredDate, preferredTime, ...rest }: Record<string, string>) {
  return { ...rest, preferredDate: slotInstant(preferredDate, preferredTime) ?? preferredDate, preferredTime }
}

export function ConsultationForm({ outcome }: { outcome?: FormOutcome }) {
  const form = useRequestForm({
    url: '/api/consultations',
    insight: 'consultation',
    payload: consultationPayload,
    success: TOASTS.consultationSent,
    failure: { title: ERRORS.errorTitle, description: ERRORS.consultationFailed },
    outcome,
  })
  const { errors, values } = form

  if (form.sent) {
    return (
      <Confirmation
        content={TOASTS.consultationSent}
        reference={form.reference}
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
          <div className={twoColumns}>
            <TextInput
              name="name"
              label="Full Name"
              required
              autoComplete="name"
              maxLength={120}
              defaultValue={values.name}
              error={errors.name}
            />
            <TextInput
              name="email"
              label="Email Address"
              type="email"
              required
              autoComplete="email"
              defaultValue={values.email}
              error={errors.email}
            />
            <TextInput
              name="phone"
              label="Phone Number"
              type="tel"
              autoComplete="tel"
              defaultValue={values.phone}
              error={errors.phone}
            />
            <TextInput
              name="company"
              label="Company / Organization"
              autoComplete="organization"
              defaultValue={values.company}
              error={errors.company}
            />
          </div>
        </FormSection>

        <FormSection id="consultation-project" title="Project Details">
          <div className={twoColumns}>
            <SelectInput
              name="projectType"
              label="Project Type"
              required
              options={PROJECT_TYPES}
              placeholder="Select a project type"
              defaultValue={values.projectType}
              error={errors.projectType}
            />
            <SelectInput
              name="budget"
              label="Budget Range"
              options={BUDGETS}
              placeholder="Select a budget range"
              defaultValue={values.budget}
              error={errors.budget}
            />
          </div>
          <TextAreaInput
            name="description"
            label="Project Description"
            required
            maxLength={5000}
            placeholder="What problem should the software solve? Who will use it?"
            description={PRIVACY_COPY.formNotice}
            defaultValue={values.description}
            error={errors.description}
          />
        </FormSection>

        <FormSection id="consultation-time" title="Preferred Meeting Time">
          <div className={twoColumns}>
            <DateInput
              name="preferredDate"
              label="Preferred Date"
              required
              // "Today" in the business's time zone, the same rule the server applies.
              min={businessToday()}
              defaultValue={values.preferredDate}
              error={errors.preferredDate}
            />
            <SelectInput
              name="preferredTime"
              label="Preferred Time"
              required
              options={TIME_SLOTS}
              placeholder="Select a time"
              description="Central Time (CST/CDT)"
              defaultValue={values.preferredTime}
              error={errors.preferredTime}
            />
          </div>
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
