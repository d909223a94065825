import { TOASTS } from '../../../schema/messages'
import { SUPPORT_STATUSES } from '../../../schema/request-statuses'
import { OpenClientLink } from '../clients/OpenClientLink'
import { RequestRating } from '../ratings/Ratings'
import { useSave } from '../save'
import { supportDetails } from './details'
import { supportStatusLabel } from './format'
import { QuickActions } from './QuickActions'
import {
  type AdminSupportRequest,
  ERASE_SUPPORT_REQUEST,
  supportUpdateOf,
  UPDATE_SUPPORT_REQUEST,
} from './queries'
import { RequestAsset } from './RequestAsset'
import { RequestDialog } from './RequestDialog'
import { Thread } from './Thread'

const SUPPORT_STATUS_OPTIONS = SUPPORT_STATUSES.map((value) => ({ value, label: supportStatusLabel(value) }))

export function SupportDialog({ request, onClose }: { request: AdminSupportRequest; onClose: () => void }) {
  const [, update] = useSave(UPDATE_SUPPORT_REQUEST)
  const [, erase] = useSave(ERASE_SUPPORT_REQUEST, { context: { additionalTypenames: ['SupportRequest'] } })
  return (
    <RequestDialog
      title={`Support request from ${request.name} (${request.reference})`}
      status={request.status}
      notes={request.notes}
      statusOptions={SUPPORT_STATUS_OPTIONS}
      details={supportDetails(request)}
      actions={
        <>
          <QuickActions request={request} details={supportDetails(request)} />
          <OpenClientLink clientId={request.clientId} reference={request.reference} />
          <RequestRating requestId={request.id} />
          <RequestAsset requestId={request.id} clientId={request.clientId} assetId={request.assetId} />
        </>
      }
      thread={<Thread kind="support" id={request.id} email={request.email} name={request.name} />}
      exportHref={`/api/support-requests/${request.id}/export.json`}
      onClose={onClose}
      onSave={(patch) => update(supportUpdateOf(request.id, patch), TOASTS.requestUpdated)}
      onErase={async () => (await erase({ id: request.id }, TOASTS.requestErased)).ok}
    />
  )
}
