// The client's files (issue 24): what the owner shares and what the client's
// contacts upload, downloads only for this client's sessions
// (/portal/files/{id}/download), uploads with the owner's content checks and
// a per-client quota. A plain multipart form: works without JavaScript.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router'
import { formatBusinessDateTime } from '../../schema/business-time'
import { FILE_ACCEPT } from '../../schema/constants'
import { contactView, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { clientScope, portalFiles } from '../../worker/services/portal'
import { uploadFromPortal } from '../../worker/services/portal-files'
import { button } from '../components/ui'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { formatBytes, longText, Outcome, PortalFrame, portalCard, portalHeading } from '../portal/ui'

export const handle = { private: true }

export async function loader({ context }: LoaderFunctionArgs) {
  const contact = portalContactOf(context)
  const page = await portalFiles(pageRequestOf(context).db, clientScope(contact.clientId, contact.contactId))
  // Times are formatted here, on the server (schema/business-time.ts): no formatter in the page's JavaScript.
  const files = page.files.map((f) => ({ ...f, createdAt: formatBusinessDateTime(f.createdAt) }))
  return { contact: contactView(contact), ...page, files }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null)
  const file = form?.get('file')
  const contact = portalContactOf(context)
  const { db, env } = pageRequestOf(context)
  const result = await uploadFromPortal(db, env.FILES, contact, file instanceof File ? file : null)
  return data(result, { status: result.ok ? 200 : 400 })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Files',
    description: 'Files shared with you, and yours.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalFilesPage() {
  const { contact, files, usedBytes, quotaBytes } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  return (
    <PortalFrame contact={contact} title="Files">
      <Outcome result={result} />
      <section aria-labelledby="list" className={portalCard}>
        <h2 id="list" className={portalHeading}>
          Shared files
        </h2>
        {files.length ? (
          <ul className="mt-3 divide-y divide-slate-200">
            {files.map((f) => (
              <li key={f.id} className="flex flex-col py-2">
                <a
                  href={`/portal/files/${f.id}/download`}
                  className={`font-semibold text-blue-800 underline ${longText}`}
                >
                  {f.name}
                </a>
                <span className="text-sm text-slate-600">
                  {formatBytes(f.size)} ·{' '}
                  {f.uploadedBy === 'owner' ? 'shared with you' : 'uploaded by your team'} · {f.createdAt}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No files yet.</p>
        )}
        <p className="mt-3 text-sm text-slate-600">
          {formatBytes(usedBytes)} of {formatBytes(quotaBytes)} used.
        </p>
      </section>
      <section aria-labelledby="upload" className={portalCard}>
        <h2 id="upload" className={portalHeading}>
          Upload a file
        </h2>
        <p
          role="note"
          className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
        >
          Please do not upload patient health information (PHI) or other medical records here.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-col gap-3">
          <label htmlFor="file" className="font-medium text-slate-800">
            File (images, PDF, DOC, DOCX, TXT or MD; at most 10 MB)
          </label>
          <input
            id="file"
            name="file"
            type="file"
            required
            accept={FILE_ACCEPT}
            aria-describedby="file-error"
            className="text-slate-800"
          />
          <p id="file-error" className="min-h-5 text-sm font-medium text-red-700">
            {result && !result.ok ? result.errors.file : ''}
          </p>
          <button type="submit" disabled={busy} className={`${button.primary} self-start`}>
            Upload
          </button>
        </Form>
      </section>
    </PortalFrame>
  )
}
