import { useQuery } from 'urql'
import { RESUME_ACCEPT } from '../../../schema/constants'
import { EMPTY_STATES, ERRORS, TOASTS } from '../../../schema/messages'
import { graphql, type ResultOf } from '../graphql'
import { StoredFiles } from '../StoredFiles'
import { useSave } from '../save'
import { AdminButton } from '../ui'
import { FROM_NETWORK } from '../urql'

const RESUMES_QUERY = graphql(
  'query AdminResumes { resumes { id originalName mimeType fileSize isActive createdAt } }',
)
const ACTIVATE_RESUME = graphql(
  'mutation ActivateResume($id: ID!) { activateResume(id: $id) { id isActive } }',
)
const DELETE_RESUME = graphql('mutation DeleteResume($id: ID!) { deleteResume(id: $id) }')

type AdminResume = ResultOf<typeof RESUMES_QUERY>['resumes'][number]

export function ResumesTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: RESUMES_QUERY })
  const [activation, activate] = useSave(ACTIVATE_RESUME)
  const [, deleteResume] = useSave(DELETE_RESUME)
  const refresh = () => refetch(FROM_NETWORK)

  async function setActive(resume: AdminResume) {
    const activated = await activate({ id: resume.id }, TOASTS.resumeActivated)
    if (activated.ok) refresh()
  }

  return (
    <StoredFiles
      uploadTitle="Upload Resume"
      upload={{
        url: '/api/resumes',
        field: 'resume',
        accept: RESUME_ACCEPT,
        label: 'Resume file (PDF, DOC or DOCX, up to 10 MB)',
        failure: { refused: ERRORS.resumeUploadError, fallback: ERRORS.resumeUploadFallback },
        success: TOASTS.resumeUploaded,
        onUploaded: refresh,
      }}
      listTitle="Resumes"
      files={data?.resumes ?? []}
      loading={fetching && !data}
      error={data ? undefined : error}
      emptyText={EMPTY_STATES.resumes}
      sizeOf={(r) => r.fileSize}
      badge={(r) =>
        r.isActive && (
          <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
            Active
          </span>
        )
      }
      actions={(r) =>
        !r.isActive && (
          <AdminButton
            variant="secondary"
            isDisabled={activation.fetching}
            onPress={() => void setActive(r)}
            aria-label={`Set Active: ${r.originalName}`}
          >
            Set Active
          </AdminButton>
        )
      }
      deleteTitle="Delete resume?"
      deleteMessage={(r) =>
        `"${r.originalName}" will be deleted${r.isActive ? ' and visitors will no longer be able to download a resume' : ''}.`
      }
      onDelete={async (r) => {
        const deleted = await deleteResume({ id: r.id }, TOASTS.resumeDeleted)
        if (deleted.ok) refresh()
      }}
    />
  )
}
