// The schedule-consultation form (SPEC §2, §3, §5), loaded by ./ConsultationForm.tsx:
// personal information, project details and the preferred meeting time. The
// browser checks the required fields; the server decides, and its field
// messages appear beside the fields. Options come from the shared constants.
import { today } from '@internationalized/date'
import { Form } from 'react-aria-components'
import { ERRORS, TOASTS } from '../../schema/messages'
import { BUDGETS, BUSINESS_TIME_ZONE, PROJECT_TYPES, TIME_SLOTS } from '../../schema/request-options'
import { DateInputField, Honeypot, SelectInput, SubmitButton, TextAreaInput, TextInput } from './fields'
import { FormSection, twoColumns } from './layout'
import { slotInstant } from './slot'
import { useRequestSubmit } from './useRequestSubmit'

export function ConsultationFormContent() {
  const { formRef, onSubmit, onInput, isPending, errors } = useRequestSubmit({
    url: '/api/consultations',
    payload: ({ preferredDate, preferredTime, ...rest }) => ({
      ...rest,
      // The chosen date and slot as one ISO date-time (slots are Central times).
      preferredDate: slotInstant(preferredDate, preferredTime),
      preferredTime,
    }),
    success: TOASTS.consultationSent,
    failure: { title: ERRORS.errorTitle, description: ERRORS.consultationFailed },
  })

  return (
    <Form
      ref={formRef}
      onSubmit={onSubmit}
      validationErrors={errors}
      aria-label="Schedule a consultation"
      className="relative"
    >
      <div onInput={onInput} className="flex flex-col gap-10">
        <FormSection id="consultation-personal" title="Personal Information">
          <div className={twoColumns}>
            <TextInput name="name" label="Full Name" isRequired autoComplete="name" maxLength={120} />
            <TextInput name="email" label="Email Address" type="email" isRequired autoComplete="email" />
            <TextInput name="phone" label="Phone Number" type="tel" autoComplete="tel" />
            <TextInput name="company" label="Company / Organization" autoComplete="organization" />
          </div>
        </FormSection>

        <FormSection id="consultation-project" title="Project Details">
          <div className={twoColumns}>
            <SelectInput
              name="projectType"
              label="Project Type"
              isRequired
              options={PROJECT_TYPES}
              placeholder="Select a project type"
            />
            <SelectInput
              name="budget"
              label="Budget Range"
              options={BUDGETS}
              placeholder="Select a budget range"
            />
          </div>
          <TextAreaInput
            name="description"
            label="Project Description"
            isRequired
            maxLength={5000}
            placeholder="What problem should the software solve? Who will use it?"
          />
        </FormSection>

        <FormSection id="consultation-time" title="Preferred Meeting Time">
          <div className={twoColumns}>
            <DateInputField
              name="preferredDate"
              label="Preferred Date"
              isRequired
              // "Today" in the business's time zone, the same rule the server applies.
              minValue={today(BUSINESS_TIME_ZONE)}
            />
            <SelectInput
              name="preferredTime"
              label="Preferred Time"
              isRequired
              options={TIME_SLOTS}
              placeholder="Select a time"
              description="Central Time (CST/CDT)"
            />
          </div>
        </FormSection>

        <Honeypot />
        <div>
          <SubmitButton isPending={isPending} idle="Schedule Consultation" pending="Submitting..." />
        </div>
      </div>
    </Form>
  )
}
