// The IT-support request form as the page uses it. The page shows it only
// after "Request Support Now", so its code (SupportRequestFormContent, with the
// react-aria widgets) is fetched then, not with the page (./intent.ts explains
// the budget). `onSubmitted` lets the page hide the form after a success.
import { lazy, Suspense } from 'react'

const Content = lazy(() =>
  import('./SupportRequestFormContent').then((m) => ({ default: m.SupportRequestFormContent })),
)

/** Starts fetching the form's code now (e.g. when "Request Support Now" is hovered). */
export const preloadSupportRequestForm = () => void import('./SupportRequestFormContent')

export function SupportRequestForm({ onSubmitted }: { onSubmitted?: () => void }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="py-8 text-slate-600">
          Loading the form…
        </p>
      }
    >
      <Content onSubmitted={onSubmitted} />
    </Suspense>
  )
}
