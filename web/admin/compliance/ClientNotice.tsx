// One affected client on the incident page (issue 39): its deadline and basis,
// and its notice: "Draft notice", the draft's editor, the send step (the shared
// SendDialog: recipients among the client's contacts, the e-mail, the PDF as
// the client gets it), and once sent its time, SHA-256 and PDF. The draft's
// text is Markdown: a preview beside it shows it as the e-mail renders it.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useQuery } from 'urql'
import { formatBusinessDateTime } from '../../../schema/business-time'
import { useSave } from '../save'
import { SendDialog } from '../send/SendDialog'
import { AdminButton, AdminTextField } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'
import { clientClock } from './clock'
import {
  DRAFT_NOTICE,
  type IncidentData,
  NOTICE_PREVIEW,
  NOTICE_SEND_PREVIEW,
  SEND_NOTICE,
  UPDATE_NOTICE,
} from './queries'

type Deadline = IncidentData['deadlines'][number]
type Notice = IncidentData['notices'][number]

export function ClientNotice({
  incidentId,
  deadline: d,
  notice,
  onChanged,
}: {
  incidentId: string
  deadline: Deadline
  notice: Notice | null
  onChanged: () => void
}) {
  const [, draft] = useSave(DRAFT_NOTICE, { failure: 'Not drafted' })
  const clock = clientClock(d)
  async function makeDraft() {
    const drafted = await draft({ incidentId, clientId: String(d.clientId) })
    if (drafted.ok) onChanged()
  }
  return (
    <li
      aria-label={`Notice to ${d.clientName}`}
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm"
    >
      <p className="break-words">
        <Link to={`/admin/clients/${d.clientId}`} className="font-medium text-blue-800 underline">
          {d.clientName}
        </Link>{' '}
        · due {formatBusinessDateTime(d.dueAt)} ({d.basis === 'contract' ? 'BAA period' : '60 days, HIPAA'})
      </p>
      <p
        data-testid="client-clock"
        className={
          clock.state === 'overdue'
            ? 'font-semibold text-red-800'
            : clock.state === 'sent'
              ? 'text-green-800'
              : 'text-slate-900'
        }
      >
        {clock.text}
      </p>
      {!notice && (
        <div>
          <AdminButton variant="secondary" onPress={() => void makeDraft()}>
            Draft notice
          </AdminButton>
        </div>
      )}
      {notice?.status === 'draft' && (
        <DraftEditor notice={notice} clientName={d.clientName} onChanged={onChanged} />
      )}
      {notice?.status === 'sent' && (
        <div className="flex flex-col gap-1 break-words">
          <p>
            Sent {notice.sentAt ? formatBusinessDateTime(notice.sentAt) : ''} to {notice.sentTo.join(', ')}
          </p>
          <p>
            SHA-256 <code className="break-all">{notice.sha256}</code>
          </p>
          {notice.pdfUrl && (
            <a href={notice.pdfUrl} className="text-blue-800 underline" target="_blank" rel="noreferrer">
              The notice as sent (PDF)
            </a>
          )}
        </div>
      )}
    </li>
  )
}

function DraftEditor({
  notice,
  clientName,
  onChanged,
}: {
  notice: Notice
  clientName: string
  onChanged: () => void
}) {
  const [{ errors }, save] = useSave(UPDATE_NOTICE, { failure: 'Not saved', fieldsAlone: true })
  const [subject, setSubject] = useState(notice.subject)
  const [body, setBody] = useState(notice.body)
  const [sending, setSending] = useState(false)
  useEffect(() => {
    setSubject(notice.subject)
    setBody(notice.body)
  }, [notice.subject, notice.body])
  const dirty = subject !== notice.subject || body !== notice.body

  async function saveDraft() {
    const saved = await save({ id: notice.id, input: { subject, body } }, 'Draft saved')
    if (saved.ok) onChanged()
    return saved.ok
  }

  return (
    <div className="flex flex-col gap-2">
      <AdminTextField name="subject" label="Subject" value={subject} onChange={setSubject} />
      {errors.subject && <p className="text-red-700">{errors.subject}</p>}
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <label className="flex flex-col gap-1 font-medium text-slate-800">
          Notice text
          <span className="text-xs font-normal text-slate-600">
            Markdown: ## for a heading, - for a bullet, **bold**.
          </span>
          <textarea
            name="body"
            value={body}
            rows={14}
            onChange={(e) => setBody(e.currentTarget.value)}
            className="w-full rounded-md border border-slate-300 p-2 font-normal text-slate-900"
          />
        </label>
        <NoticePreview body={body} />
      </div>
      {errors.body && <p className="text-red-700">{errors.body}</p>}
      <div className="flex flex-wrap gap-2">
        <AdminButton variant="secondary" isDisabled={!dirty} onPress={() => void saveDraft()}>
          Save draft
        </AdminButton>
        <AdminButton
          onPress={async () => {
            if (dirty && !(await saveDraft())) return
            setSending(true)
          }}
        >
          Send…
        </AdminButton>
      </div>
      {sending && (
        <NoticeSendDialog
          id={notice.id}
          clientName={clientName}
          onSent={onChanged}
          onClose={() => setSending(false)}
        />
      )}
    </div>
  )
}

/** The text as the client's e-mail shows it, following the editor after a short pause. */
function NoticePreview({ body }: { body: string }) {
  const [shown, setShown] = useState(body)
  useEffect(() => {
    const timer = setTimeout(() => setShown(body), 400)
    return () => clearTimeout(timer)
  }, [body])
  const [{ data }] = useQuery({ query: NOTICE_PREVIEW, variables: { body: shown }, pause: !shown })
  return (
    <section aria-label="Preview" className="flex flex-col gap-1">
      <h4 className="font-medium text-slate-800">Preview (as the e-mail shows it)</h4>
      <div
        data-testid="notice-preview"
        className="prose max-w-none rounded-md border border-slate-200 bg-slate-50 p-3 text-sm break-words"
        // Rendered by the server (schema/markdown.ts): raw HTML escaped, unsafe links dropped.
        dangerouslySetInnerHTML={{ __html: data?.incidentNoticePreview ?? '' }}
      />
    </section>
  )
}

/** The send step of a draft notice (ADR 140's dialog, as for quotes and invoices). */
function NoticeSendDialog({
  id,
  clientName,
  onSent,
  onClose,
}: {
  id: string
  clientName: string
  onSent: () => void
  onClose: () => void
}) {
  const [{ data, fetching, error }] = useQuery({
    query: NOTICE_SEND_PREVIEW,
    variables: { id },
    ...FROM_NETWORK,
  })
  // A refusal is said in the dialog, not toasted.
  const [, send] = useSave(SEND_NOTICE, { failure: null })
  return (
    <SendDialog
      title={`Send the notice to ${clientName}`}
      preview={data?.incidentNoticeSendPreview ?? null}
      loading={fetching}
      loadError={error ? messageOf(error) : null}
      onClose={onClose}
      onSend={async (to) => {
        const sent = await send({ id, to }, `Notice sent to ${clientName}`)
        if (!sent.ok) return sent.message
        onSent()
        return null
      }}
    />
  )
}
