// The IT-support request form (the requests issue builds it out).
// `onSubmitted` lets the page hide the form after a successful request.
export function SupportRequestForm(_props: { onSubmitted?: () => void }) {
  return <form aria-label="IT support request" />
}
