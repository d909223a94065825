// The Consultations tab: consultation and IT-support requests (the requests issue builds it out).
export function ConsultationsTab() {
  return null
}
