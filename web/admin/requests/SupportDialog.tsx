import { useMutation } from 'urql'
import { SUPPORT_STATUSES } from '../../../schema/request-statuses'
import { OpenClientLink } from '../clients/OpenClientLink'
import { RequestRating } from '../ratings/Ratings'
import { supportDetails } from './details'
import { supportStatusLabel } from './format'
import { erased, saved } from './outcomes'
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
  const [, update] = useMutation(UPDATE_SUPPORT_REQUEST)
  const [, eraseMutation] = useMutation(ERASE_SUPPORT_REQUEST)
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
      onSave={async (patch) => saved(await update(supportUpdateOf(request.id, patch)))}
      onErase={async () =>
        erased(await eraseMutation({ id: request.id }, { additionalTypenames: ['SupportRequest'] }))
      }
    />
  )
}
