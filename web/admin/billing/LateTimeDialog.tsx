// Where time dated in a plan month already invoiced goes (issue 52): the
// server asks (a CONFLICT with the field lateTime, naming the month and its
// invoice), and this dialog lets the owner answer; the caller sends the
// same request again with the choice. Used by the time form and the header
// timer's Stop.
import type { LateTimeChoice } from '../../../schema/plans'
import { AdminButton, AdminDialog } from '../ui'
import { fieldErrorsOf, messageOf } from '../urql'

type CombinedErrorLike = Parameters<typeof fieldErrorsOf>[0]

/** The server's question when the error asks where late time goes, else null. */
export const lateTimeQuestionOf = (error: CombinedErrorLike): string | null =>
  fieldErrorsOf(error).lateTime ? messageOf(error) : null

export function LateTimeDialog({
  question,
  onClose,
  onChoose,
}: {
  question: string | null
  onClose: () => void
  onChoose: (choice: LateTimeChoice) => void
}) {
  return (
    <AdminDialog
      title="This month is already invoiced"
      isOpen={question !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {(close) => (
        <>
          <p className="text-sm text-slate-700">{question}</p>
          <p className="mt-2 text-sm text-slate-700">
            On the next plan invoice it is a line of its own, "Late time from" its month with its date: the
            hours that month had left cost nothing, the rest is billed at the plan's rate. Not billed, it
            stays on record and is never invoiced.
          </p>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AdminButton variant="secondary" onPress={close}>
              Go back
            </AdminButton>
            <AdminButton
              variant="secondary"
              onPress={() => {
                close()
                onChoose('none')
              }}
            >
              Don't bill it
            </AdminButton>
            <AdminButton
              onPress={() => {
                close()
                onChoose('next')
              }}
            >
              Bill it on the next plan invoice
            </AdminButton>
          </div>
        </>
      )}
    </AdminDialog>
  )
}
