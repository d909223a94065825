// The IT-support request form's content (SPEC §2, §3, §5), loaded by ./SupportRequestForm.tsx. After a successful request
// the form resets and `onSubmitted` lets the page hide it.
import { Form } from 'react-aria-components'
import { ERRORS, TOASTS } from '../../schema/messages'
import { CONTACT_METHODS, CONTACT_TIMES, ISSUE_TYPES, URGENCY_LEVELS } from '../../schema/request-options'
import { Honeypot, RadioInput, SelectInput, SubmitButton, TextAreaInput, TextInput } from './fields'
import { twoColumns } from './layout'
import { useRequestSubmit } from './useRequestSubmit'

export function SupportRequestFormContent({ onSubmitted }: { onSubmitted?: () => void }) {
  const { formRef, onSubmit, onInput, isPending, errors } = useRequestSubmit({
    url: '/api/consultation',
    payload: (values) => values,
    success: TOASTS.supportSent,
    failure: { title: ERRORS.errorTitle, description: ERRORS.supportFailed },
    onSuccess: onSubmitted,
  })

  return (
    <Form
      ref={formRef}
      onSubmit={onSubmit}
      validationErrors={errors}
      aria-label="IT support request"
      className="relative"
    >
      <div onInput={onInput} className="flex flex-col gap-3">
        <div className={twoColumns}>
          <TextInput name="name" label="Full Name" isRequired autoComplete="name" maxLength={120} />
          <TextInput name="email" label="Email Address" type="email" isRequired autoComplete="email" />
          <TextInput name="phone" label="Phone Number" type="tel" isRequired autoComplete="tel" />
          <TextInput name="businessName" label="Business Name" autoComplete="organization" />
        </div>

        <SelectInput
          name="issueType"
          label="Issue Type"
          isRequired
          options={ISSUE_TYPES}
          placeholder="Select the type of issue"
        />

        <RadioInput name="urgency" label="Urgency Level" isRequired options={URGENCY_LEVELS} columns={4} />

        <TextAreaInput
          name="description"
          label="Describe the Issue"
          isRequired
          maxLength={5000}
          placeholder="What is happening, since when, and what have you tried?"
        />

        <div className={twoColumns}>
          <RadioInput
            name="preferredContact"
            label="Preferred Contact Method"
            isRequired
            options={CONTACT_METHODS}
            columns={3}
          />
          <SelectInput
            name="preferredTime"
            label="Preferred Contact Time"
            options={CONTACT_TIMES}
            placeholder="Any time that suits"
          />
        </div>

        <Honeypot />
        <div>
          <SubmitButton isPending={isPending} idle="Send Support Request" pending="Sending Request..." />
        </div>
      </div>
    </Form>
  )
}
