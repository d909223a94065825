import { useQuery } from 'urql'
import { FILE_ACCEPT } from '../../../schema/constants'
import { EMPTY_STATES, ERRORS, TOASTS } from '../../../schema/messages'
import { graphql } from '../graphql'
import { ADMIN_TOASTS } from '../messages'
import { StoredFiles } from '../StoredFiles'
import { useSave } from '../save'
import { linkButtonClass } from '../ui'
import { FROM_NETWORK } from '../urql'

const FILES_QUERY = graphql('query AdminFiles { uploads { id originalName mimetype size createdAt url } }')
const DELETE_FILE = graphql('mutation DeleteUpload($id: ID!) { deleteUpload(id: $id) }')

export function FilesTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: FILES_QUERY })
  const [, deleteFile] = useSave(DELETE_FILE)
  const refresh = () => refetch(FROM_NETWORK)

  return (
    <StoredFiles
      uploadTitle="Upload File"
      upload={{
        url: '/api/uploads',
        field: 'file',
        accept: FILE_ACCEPT,
        label: 'File (images, PDF, DOC, DOCX, TXT or MD, up to 10 MB)',
        failure: { refused: ERRORS.fileUploadError, fallback: ERRORS.fileUploadFallback },
        success: TOASTS.fileUploaded,
        onUploaded: refresh,
      }}
      listTitle="Files"
      files={data?.uploads ?? []}
      loading={fetching && !data}
      error={data ? undefined : error}
      emptyText={EMPTY_STATES.files}
      sizeOf={(f) => f.size}
      kind={(f) => f.mimetype.split(';')[0] ?? ''}
      actions={(f) => (
        <a
          href={f.url}
          target="_blank"
          rel="noopener noreferrer"
          className={linkButtonClass}
          aria-label={`View ${f.originalName} (opens in a new tab)`}
        >
          View
        </a>
      )}
      deleteTitle="Delete file?"
      deleteMessage={(f) => `"${f.originalName}" will be deleted. Links to it will stop working.`}
      onDelete={async (f) => {
        const deleted = await deleteFile({ id: f.id }, ADMIN_TOASTS.fileDeleted)
        if (deleted.ok) refresh()
      }}
    />
  )
}
