// A request's thread in its details dialog: the owner's replies with their
// delivery state, the requester's answers received by e-mail, and the reply
// form. When mail to visitors is off (VISITOR_MAIL), a reply is stored and
// marked as not e-mailed.
import { useEffect, useRef, useState } from 'react'
import { Form } from 'react-aria-components'
import { useQuery } from 'urql'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminTextField } from '../ui'
import { messageOf } from '../urql'
import { formatReceived } from './format'
import {
  CONSULTATION_THREAD,
  REPLY_RECIPIENTS,
  REPLY_TO_CONSULTATION,
  REPLY_TO_SUPPORT_REQUEST,
  SUPPORT_REQUEST_THREAD,
  type ThreadEntry,
} from './queries'

export const REPLY_DELIVERY_LABELS: Record<string, string> = {
  PENDING: 'E-mail pending',
  SENT: 'E-mailed',
  FAILED: 'E-mail failed',
  NOT_SENT: 'Not e-mailed: mail to visitors is off',
}

/** How many times the thread is read again while a reply just sent is pending. */
const REREADS = 3

export function Thread({
  kind,
  id,
  email,
  name,
}: {
  kind: 'consultation' | 'support'
  id: string
  email: string
  name: string
}) {
  // Both queries are declared (hooks cannot be conditional); only the kind's own runs.
  const [consultationThread, refetchConsultation] = useQuery({
    query: CONSULTATION_THREAD,
    variables: { id },
    requestPolicy: 'network-only',
    pause: kind !== 'consultation',
  })
  const [supportThread, refetchSupport] = useQuery({
    query: SUPPORT_REQUEST_THREAD,
    variables: { id },
    requestPolicy: 'network-only',
    pause: kind !== 'support',
  })
  const error = kind === 'consultation' ? consultationThread.error : supportThread.error
  const entries: ThreadEntry[] =
    (kind === 'consultation'
      ? consultationThread.data?.consultationThread
      : supportThread.data?.supportRequestThread) ?? []
  const loaded = kind === 'consultation' ? consultationThread.data : supportThread.data
  const refetch = kind === 'consultation' ? refetchConsultation : refetchSupport
  const [recipients] = useQuery({ query: REPLY_RECIPIENTS, variables: { kind, id } })
  const to = recipients.data?.replyRecipients?.to ?? { email, name }
  const copies = recipients.data?.replyRecipients?.copies ?? []
  const [cc, setCc] = useState<string[]>([])
  const threadWrite = { context: { additionalTypenames: ['ThreadMessage'] } }
  const [toConsultation, replyConsultation] = useSave(REPLY_TO_CONSULTATION, threadWrite)
  const [toSupport, replySupport] = useSave(REPLY_TO_SUPPORT_REQUEST, threadWrite)
  const [body, setBody] = useState('')
  const { errors } = kind === 'consultation' ? toConsultation : toSupport
  const [sending, setSending] = useState(false)
  const replyBox = useRef<HTMLDivElement>(null)
  // A reply is e-mailed just after the server answers (ADR 103), so the thread
  // read right after sending may still say pending. Only after a send, it
  // is read again a few times (1, 2 and 4 s later) until the reply is e-mailed
  // or failed; opening a dialog never polls (SPEC §9).
  const rereads = useRef(REREADS)
  const pending = entries.some((m) => !m.incoming && m.delivery === 'PENDING')
  useEffect(() => {
    if (!pending || rereads.current >= REREADS) return
    const timer = setTimeout(
      () => {
        rereads.current += 1
        refetch({ requestPolicy: 'network-only' })
      },
      1000 * 2 ** rereads.current,
    )
    return () => clearTimeout(timer)
    // `loaded` changes with each answer, so a reply still pending after a re-read schedules the next.
  }, [pending, loaded, refetch])

  async function send() {
    setSending(true)
    const saved = { title: 'Reply saved', description: `Your reply to ${to.email} is in the thread.` }
    const result =
      kind === 'consultation'
        ? await replyConsultation({ id, body, cc }, saved)
        : await replySupport({ id, body, cc }, saved)
    setSending(false)
    if (!result.ok) return
    // The emptied box disables Send, which had focus: keep the keyboard in the
    // dialog (in the box, ready for the next reply) instead of on the page body,
    // where Escape would no longer reach the dialog (issue 28).
    replyBox.current?.querySelector('textarea')?.focus()
    setBody('')
    setCc([])
    rereads.current = 0
    refetch({ requestPolicy: 'network-only' })
  }

  return (
    <section aria-label="Conversation" className="flex flex-col gap-3 border-t border-slate-200 pt-5">
      <h3 className="text-sm font-semibold text-slate-900">Conversation</h3>
      {error && !loaded && (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(error)}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">No replies yet.</p>
      ) : (
        <ol aria-label="Messages" className="flex flex-col gap-2">
          {entries.map((m) => (
            <li
              key={m.id}
              data-incoming={m.incoming}
              className={`rounded-lg border p-3 text-sm ${m.incoming ? 'border-slate-200 bg-slate-50' : 'border-blue-200 bg-blue-50'}`}
            >
              <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
                <span className="font-semibold text-slate-800">
                  {m.incoming
                    ? `From ${m.authorName ? `${m.authorName} (${m.author})` : m.author}`
                    : 'Your reply'}
                </span>
                <span>{formatReceived(m.createdAt)}</span>
                {m.delivery && (
                  <span data-reply-delivery={m.delivery}>{REPLY_DELIVERY_LABELS[m.delivery]}</span>
                )}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-slate-900">{m.body}</p>
              {m.attachments.length > 0 && (
                <p className="mt-1 text-xs text-slate-600">Attachments: {m.attachments.join(', ')}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      <Form
        validationErrors={errors}
        onSubmit={(e) => {
          e.preventDefault()
          void send()
        }}
        className="flex flex-col gap-2"
      >
        <div ref={replyBox} className="contents">
          <AdminTextField
            name="body"
            label="Reply"
            value={body}
            onChange={setBody}
            multiline
            isRequired
            description={`To ${to.name} (${to.email}), who wrote last. The e-mail opens with "Hello ${to.name}," and ends with your name, unless your reply already starts with a greeting or ends with your name.`}
          />
        </div>
        {copies.length > 0 && (
          <fieldset className="flex flex-col gap-1 text-sm">
            <legend className="font-medium text-slate-800">Cc (each gets the reply, greeted by name)</legend>
            {copies.map((c) => (
              <AdminCheckbox
                key={c.email}
                name="cc"
                isSelected={cc.includes(c.email)}
                onChange={(on) => setCc((all) => (on ? [...all, c.email] : all.filter((e) => e !== c.email)))}
              >
                {c.name} ({c.email})
              </AdminCheckbox>
            ))}
          </fieldset>
        )}
        <div className="flex justify-end">
          <AdminButton type="submit" isPending={sending} isDisabled={!body.trim()}>
            {sending ? 'Sending...' : 'Send reply'}
          </AdminButton>
        </div>
      </Form>
    </section>
  )
}
