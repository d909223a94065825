import { ConsultationForm } from '../forms/ConsultationForm'

// Placeholder until the public-site branch's page (heading, layout, sidebar) is merged.
export function SchedulePage() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-20 pb-16">
      <h1 className="mb-8 text-4xl font-extrabold">Schedule a Free Consultation</h1>
      <ConsultationForm />
    </main>
  )
}
