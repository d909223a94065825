// The schedule-consultation form as the page uses it. The form itself
// (ConsultationFormContent) is a separate chunk fetched on the visitor's first
// interaction (./intent.ts); until then the same three sections are shown with
// empty fields, so nothing moves when the real form takes their place.
import { lazy, Suspense } from 'react'
import { useIntent } from './intent'
import { FieldStandIn, FormSection, submitClass, twoColumns } from './layout'

const Content = lazy(() =>
  import('./ConsultationFormContent').then((m) => ({ default: m.ConsultationFormContent })),
)

/** Starts fetching the form's code now (e.g. when a link to the page is hovered). */
export const preloadConsultationForm = () => void import('./ConsultationFormContent')

export function ConsultationForm() {
  const active = useIntent()
  const standIn = <ConsultationFormStandIn />
  if (!active) return standIn
  return (
    <Suspense fallback={standIn}>
      <Content />
    </Suspense>
  )
}

function ConsultationFormStandIn() {
  return (
    <div aria-busy="true" className="flex flex-col gap-10">
      <p role="status" className="sr-only">
        Loading the form…
      </p>
      <FormSection id="consultation-personal" title="Personal Information">
        <div aria-hidden="true" className={twoColumns}>
          <FieldStandIn label="Full Name" />
          <FieldStandIn label="Email Address" />
          <FieldStandIn label="Phone Number" />
          <FieldStandIn label="Company / Organization" />
        </div>
      </FormSection>
      <FormSection id="consultation-project" title="Project Details">
        <div aria-hidden="true" className="flex flex-col gap-3">
          <div className={twoColumns}>
            <FieldStandIn label="Project Type" />
            <FieldStandIn label="Budget Range" />
          </div>
          <FieldStandIn label="Project Description" rows={5} />
        </div>
      </FormSection>
      <FormSection id="consultation-time" title="Preferred Meeting Time">
        <div aria-hidden="true" className={twoColumns}>
          <FieldStandIn label="Preferred Date" />
          <FieldStandIn label="Preferred Time" />
        </div>
      </FormSection>
      <div aria-hidden="true">
        <span className={submitClass}>Schedule Consultation</span>
      </div>
    </div>
  )
}
