// "Create quote" on a consultation in the inbox (issue 25): a draft that takes
// over the consultation's client, contact and description, opened in the editor.
import { useNavigate } from 'react-router'
import { useSave } from '../save'
import { AdminButton } from '../ui'
import { CREATE_FROM_CONSULTATION } from './queries'

export function CreateQuoteButton({ consultationId }: { consultationId: string }) {
  const navigate = useNavigate()
  const [{ fetching }, create] = useSave(CREATE_FROM_CONSULTATION, { failure: 'No quote made' })
  return (
    <AdminButton
      variant="secondary"
      isPending={fetching}
      onPress={async () => {
        const made = await create({ consultationId })
        if (made.ok) navigate(`/admin/quotes/${made.data.createQuoteFromConsultation.id}`)
      }}
    >
      Create quote
    </AdminButton>
  )
}
