// The send step (issue 36, ADR 140): one dialog for every document the owner
// sends to a client (quotes, invoices and credit notes; incident notices
// later). Before anything goes the owner chooses the recipients among the
// client's contacts, reads the e-mail as the client will, opens the document
// exactly as the client will get it, and sees the warnings. The document's
// own wrapper (QuoteSendDialog, InvoiceSendDialog below) loads the preview and
// sends; this component only shows them.
import { useEffect, useState } from 'react'
import { useQuery } from 'urql'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminDialog, linkButtonClass } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'
import {
  INVOICE_SEND_PREVIEW,
  QUOTE_SEND_PREVIEW,
  SEND_INVOICE_TO,
  SEND_QUOTE_TO,
  type SendPreviewData,
} from './queries'

export type SendDialogProps = {
  /** "Send quote Q-2026-0003", "Send invoice INV-2026-0012". */
  title: string
  preview: SendPreviewData | null
  loading: boolean
  loadError: string | null
  /** Sends to the chosen contacts; answers an error message, or null once sent. */
  onSend: (recipientContactIds: string[]) => Promise<string | null>
  onClose: () => void
}

/** The preview, the recipients and the warnings, and a Send that needs at least one recipient. */
export function SendDialog({ title, preview, loading, loadError, onSend, onClose }: SendDialogProps) {
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (preview) setChosen(new Set(preview.recipients.filter((r) => r.selected).map((r) => r.contactId)))
  }, [preview])
  const toggle = (id: number, on: boolean) =>
    setChosen((c) => {
      const next = new Set(c)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  async function send() {
    setSending(true)
    setError(null)
    const failed = await onSend([...chosen].map(String))
    setSending(false)
    if (failed) setError(failed)
    else onClose()
  }
  return (
    <AdminDialog title={title} isOpen size="lg" onOpenChange={(open) => !open && onClose()}>
      {loading && !preview && <p role="status">Loading the preview...</p>}
      {loadError && <p role="alert">{loadError}</p>}
      {preview && (
        <div className="flex flex-col gap-4">
          {preview.warnings.length > 0 && (
            <ul
              className="flex flex-col gap-1 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              aria-label="Before you send"
              data-testid="send-warnings"
            >
              {preview.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
          <fieldset>
            <legend className="font-medium text-slate-900">Send to</legend>
            {preview.recipients.length === 0 && (
              <p className="text-sm text-slate-700">The client has no contact yet.</p>
            )}
            <div className="mt-2 flex flex-col gap-2">
              {preview.recipients.map((r) => (
                <AdminCheckbox
                  key={r.contactId}
                  name="recipientContactIds"
                  isSelected={chosen.has(r.contactId)}
                  onChange={(on) => toggle(r.contactId, on)}
                >
                  <span className="break-words">
                    {r.name} &lt;{r.email}&gt;{r.role ? `, ${r.role}` : ''}
                  </span>
                </AdminCheckbox>
              ))}
            </div>
          </fieldset>
          <section aria-label="The e-mail">
            <h3 className="font-medium text-slate-900">The e-mail</h3>
            <p className="mt-1 text-sm text-slate-800">
              <span className="font-medium">Subject:</span> {preview.subject}
            </p>
            <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-800">
              {preview.textBody}
            </pre>
          </section>
          <p>
            <a className={linkButtonClass} href={preview.documentUrl} target="_blank" rel="noreferrer">
              Open the document as the client gets it (PDF)
            </a>
          </p>
          {error && (
            <p role="alert" className="text-sm text-red-800">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <AdminButton variant="secondary" onPress={onClose}>
              Cancel
            </AdminButton>
            <AdminButton
              onPress={() => void send()}
              isDisabled={sending || (preview.recipients.length > 0 && chosen.size === 0)}
            >
              {sending ? 'Sending...' : chosen.size > 1 ? `Send to ${chosen.size} contacts` : 'Send'}
            </AdminButton>
          </div>
        </div>
      )}
    </AdminDialog>
  )
}

/** The send step of a draft quote. */
export function QuoteSendDialog({
  id,
  label,
  onSent,
  onClose,
}: {
  id: string
  label: string
  onSent: (link: string) => void
  onClose: () => void
}) {
  const [{ data, fetching, error }] = useQuery({
    query: QUOTE_SEND_PREVIEW,
    variables: { id },
    ...FROM_NETWORK,
  })
  // A refusal is said in the dialog, not toasted.
  const [, send] = useSave(SEND_QUOTE_TO, { failure: null })
  return (
    <SendDialog
      title={`Send quote ${label}`}
      preview={data?.quoteSendPreview ?? null}
      loading={fetching}
      loadError={error ? messageOf(error) : null}
      onClose={onClose}
      onSend={async (to) => {
        const sent = await send({ id, to }, `Quote ${label} sent`)
        if (!sent.ok) return sent.message
        onSent(sent.data.sendQuote.link)
        return null
      }}
    />
  )
}

/** The send step of an invoice or credit note (a draft, or one sent before: "Send again"). */
export function InvoiceSendDialog({
  id,
  title,
  onSent,
  onClose,
}: {
  id: string
  /** "Invoice INV-2026-0012", "Credit note INV-2026-0013". */
  title: string
  onSent: () => void
  onClose: () => void
}) {
  const [{ data, fetching, error }] = useQuery({
    query: INVOICE_SEND_PREVIEW,
    variables: { id },
    ...FROM_NETWORK,
  })
  // A refusal is said in the dialog, not toasted.
  const [, send] = useSave(SEND_INVOICE_TO, { failure: null })
  return (
    <SendDialog
      title={`Send ${title.charAt(0).toLowerCase()}${title.slice(1)}`}
      preview={data?.invoiceSendPreview ?? null}
      loading={fetching}
      loadError={error ? messageOf(error) : null}
      onClose={onClose}
      onSend={async (to) => {
        const sent = await send({ id, to }, `${title} sent`)
        if (!sent.ok) return sent.message
        onSent()
        return null
      }}
    />
  )
}
