// The schedule-consultation form (the requests issue builds it out).
export function ConsultationForm() {
  return <form aria-label="Schedule a consultation" />
}
