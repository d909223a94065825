import { useId, useState } from 'react'
import { ERRORS } from '../../schema/messages'
import { toast } from '../components/Toaster'
import { ApiRequestError } from '../lib/api'
import { uploadFile } from './rest'
import { AdminButton } from './ui'

/**
 * One file input and an Upload button (disabled until a file is chosen,
 * "Uploading..." while in flight). Uploads go through REST multipart. Failure
 * follows SPEC §8: a destructive "Upload failed" toast whose text is
 * "Upload failed" / "Resume upload failed" when the server refused, or the
 * fallback when the request never completed; the server's reason (wrong type,
 * too large...) is also shown under the input.
 */
export function UploadForm({
  url,
  field,
  accept,
  label,
  failure,
  success,
  onUploaded,
}: {
  url: string
  field: string
  accept: string
  label: string
  failure: { refused: string; fallback: string }
  success: { title: string; description: string }
  onUploaded: () => void
}) {
  const inputId = useId()
  const errorId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [pending, setPending] = useState(false)
  const [reason, setReason] = useState<string | null>(null)
  // Remounting the input is the only reliable way to clear a file input.
  const [inputKey, setInputKey] = useState(0)

  async function submit() {
    if (!file) return
    setPending(true)
    setReason(null)
    try {
      await uploadFile(url, field, file)
      toast(success)
      setFile(null)
      setInputKey((k) => k + 1)
      onUploaded()
    } catch (err) {
      const refused = err instanceof ApiRequestError
      toast({
        title: ERRORS.uploadFailedTitle,
        description: refused ? failure.refused : failure.fallback,
        variant: 'destructive',
      })
      if (refused) setReason(err.fieldErrors[field] ?? err.serverMessage ?? null)
    } finally {
      setPending(false)
    }
  }

  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          key={inputKey}
          id={inputId}
          name={field}
          type="file"
          accept={accept}
          aria-describedby={reason ? errorId : undefined}
          aria-invalid={reason ? true : undefined}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null)
            setReason(null)
          }}
          className="rounded-md border border-slate-300 bg-white text-sm file:mr-3 file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none"
        />
        {reason && (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {reason}
          </p>
        )}
      </div>
      <AdminButton type="submit" isDisabled={!file || pending}>
        {pending ? 'Uploading...' : 'Upload'}
      </AdminButton>
    </form>
  )
}
