import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import { RESUME_ACCEPT } from '../../../schema/constants'
import { EMPTY_STATES, ERRORS, TOASTS } from '../../../schema/messages'
import { toast } from '../../components/Toaster'
import { publicDataChanged } from '../../state/cache'
import { graphql, type ResultOf } from '../graphql'
import { UploadForm } from '../UploadForm'
import { AdminButton, ConfirmDialog, formatDate, ListState, Section, sizeInKb } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'

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
  const [activation, activate] = useMutation(ACTIVATE_RESUME)
  const [, deleteResume] = useMutation(DELETE_RESUME)
  const [deleting, setDeleting] = useState<AdminResume | null>(null)
  const refresh = () => refetch(FROM_NETWORK)
  const failed = (e: Parameters<typeof messageOf>[0]) =>
    toast({ title: ERRORS.errorTitle, description: messageOf(e), variant: 'destructive' })

  async function setActive(resume: AdminResume) {
    const result = await activate({ id: resume.id })
    if (result.error) return failed(result.error)
    toast(TOASTS.resumeActivated)
    refresh()
    publicDataChanged('resume')
  }

  async function confirmDelete() {
    if (!deleting) return
    const result = await deleteResume({ id: deleting.id })
    setDeleting(null)
    if (result.error) return failed(result.error)
    toast(TOASTS.resumeDeleted)
    refresh()
    publicDataChanged('resume')
  }

  const resumes = data?.resumes ?? []
  return (
    <div className="flex flex-col gap-6">
      <Section title="Upload Resume">
        <UploadForm
          url="/api/resumes"
          field="resume"
          accept={RESUME_ACCEPT}
          label="Resume file (PDF, DOC or DOCX, up to 10 MB)"
          failure={{ refused: ERRORS.resumeUploadError, fallback: ERRORS.resumeUploadFallback }}
          success={TOASTS.resumeUploaded}
          onUploaded={refresh}
        />
      </Section>
      <Section title="Resumes">
        <ListState
          loading={fetching && !data}
          error={data ? undefined : error}
          empty={resumes.length === 0}
          emptyText={EMPTY_STATES.resumes}
        >
          <ul className="divide-y divide-slate-200" aria-label="Resumes">
            {resumes.map((r) => (
              <li
                key={r.id}
                className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    <span className="truncate">{r.originalName}</span>
                    {r.isActive && (
                      <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                        Active
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600">
                    {sizeInKb(r.fileSize)} · Uploaded {formatDate(r.createdAt)}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  {!r.isActive && (
                    <AdminButton
                      variant="secondary"
                      isDisabled={activation.fetching}
                      onPress={() => void setActive(r)}
                      aria-label={`Set Active: ${r.originalName}`}
                    >
                      Set Active
                    </AdminButton>
                  )}
                  <AdminButton
                    variant="destructive"
                    onPress={() => setDeleting(r)}
                    aria-label={`Delete ${r.originalName}`}
                  >
                    Delete
                  </AdminButton>
                </div>
              </li>
            ))}
          </ul>
        </ListState>
      </Section>
      <ConfirmDialog
        title="Delete resume?"
        message={
          deleting
            ? `"${deleting.originalName}" will be deleted${deleting.isActive ? ' and visitors will no longer be able to download a resume' : ''}.`
            : ''
        }
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  )
}
