// "Create quote" on a consultation in the inbox (issue 25): a draft that takes
// over the consultation's client, contact and description, opened in the editor.
import { useNavigate } from 'react-router'
import { useMutation } from 'urql'
import { toast } from '../../components/Toaster'
import { AdminButton } from '../ui'
import { messageOf } from '../urql'
import { CREATE_FROM_CONSULTATION } from './queries'

export function CreateQuoteButton({ consultationId }: { consultationId: string }) {
  const navigate = useNavigate()
  const [{ fetching }, create] = useMutation(CREATE_FROM_CONSULTATION)
  return (
    <AdminButton
      variant="secondary"
      isPending={fetching}
      onPress={async () => {
        const r = await create({ consultationId })
        if (r.error)
          toast({ title: 'No quote made', description: messageOf(r.error), variant: 'destructive' })
        else navigate(`/admin/quotes/${r.data!.createQuoteFromConsultation.id}`)
      }}
    >
      Create quote
    </AdminButton>
  )
}
