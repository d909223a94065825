import { TOASTS } from '../../../schema/messages'
import { OpenClientLink } from '../clients/OpenClientLink'
import { CreateQuoteButton } from '../quotes/CreateQuoteButton'
import { useSave } from '../save'
import { consultationDetails } from './details'
import { QuickActions } from './QuickActions'
import { type AdminConsultation, ERASE_CONSULTATION, UPDATE_CONSULTATION, updateOf } from './queries'
import { RequestDialog } from './RequestDialog'
import { Thread } from './Thread'

export function ConsultationDialog({
  request,
  onClose,
}: {
  request: AdminConsultation
  onClose: () => void
}) {
  const [, update] = useSave(UPDATE_CONSULTATION)
  const [, erase] = useSave(ERASE_CONSULTATION, { context: { additionalTypenames: ['Consultation'] } })
  return (
    <RequestDialog
      title={`Consultation request from ${request.name} (${request.reference})`}
      status={request.status}
      notes={request.notes}
      details={consultationDetails(request)}
      actions={
        <>
          <QuickActions request={request} details={consultationDetails(request)} ics />
          <OpenClientLink clientId={request.clientId} reference={request.reference} />
          {/* Issue 25: a draft quote taking over this consultation's client and description. */}
          <CreateQuoteButton consultationId={request.id} />
        </>
      }
      thread={<Thread kind="consultation" id={request.id} email={request.email} name={request.name} />}
      exportHref={`/api/consultations/${request.id}/export.json`}
      onClose={onClose}
      onSave={(patch) => update(updateOf(request.id, patch), TOASTS.requestUpdated)}
      onErase={async () => (await erase({ id: request.id }, TOASTS.requestErased)).ok}
    />
  )
}
