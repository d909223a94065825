// The image field of the project dialog and of image content blocks: a URL
// typed by hand, an image uploaded on the spot (checked by the server, served
// from /media/...), or one chosen from the images already uploaded; with a
// preview of whichever is current (docs/decisions/057-public-images.md).
import { useId, useState } from 'react'
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components'
import { useQuery } from 'urql'
import { ApiRequestError } from '../../lib/api'
import { graphql } from '../graphql'
import { uploadFile } from '../rest'
import { AdminTextField } from '../ui'
import { FROM_NETWORK } from '../urql'

export const IMAGES_QUERY = graphql('query AdminImages { uploads { id originalName publicUrl } }')

/** What the file input offers: the raster formats the server accepts for public images. */
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp'

export function ImagePicker({
  name,
  label,
  value,
  onChange,
  isRequired,
  description,
}: {
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  isRequired?: boolean
  description?: string
}) {
  const inputId = useId()
  const [{ data }, refetch] = useQuery({ query: IMAGES_QUERY })
  const [pending, setPending] = useState(false)
  const [reason, setReason] = useState<string | null>(null)
  const [inputKey, setInputKey] = useState(0)
  const [previewFailed, setPreviewFailed] = useState<string | null>(null)
  const images = (data?.uploads ?? []).filter((f): f is typeof f & { publicUrl: string } => !!f.publicUrl)

  async function upload(file: File) {
    setPending(true)
    setReason(null)
    try {
      const res = await uploadFile('/api/uploads/images', 'file', file)
      const stored = (await res.json()) as { publicUrl: string }
      onChange(stored.publicUrl)
      refetch(FROM_NETWORK)
    } catch (err) {
      setReason(
        err instanceof ApiRequestError
          ? (err.fieldErrors.file ?? err.serverMessage ?? 'Upload failed')
          : 'Failed to upload file',
      )
    } finally {
      setPending(false)
      setInputKey((k) => k + 1)
    }
  }

  const showPreview = value.trim() !== '' && previewFailed !== value
  return (
    <div className="flex flex-col gap-3">
      <AdminTextField
        name={name}
        label={label}
        value={value}
        onChange={onChange}
        isRequired={isRequired}
        description={description ?? 'An http(s) URL, or upload or choose an image below'}
      />
      <div className="flex flex-wrap items-start gap-4">
        {showPreview ? (
          <img
            src={value}
            alt={`Preview: ${value}`}
            onError={() => setPreviewFailed(value)}
            className="h-24 w-40 rounded border border-slate-200 object-cover"
          />
        ) : (
          <div className="flex h-24 w-40 items-center justify-center rounded border border-dashed border-slate-300 text-center text-xs text-slate-500">
            {value.trim() ? 'The image could not be loaded' : 'No image'}
          </div>
        )}
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            {pending ? 'Uploading...' : 'Upload image (PNG, JPEG, GIF or WebP)'}
          </label>
          <input
            key={inputKey}
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={pending}
            aria-describedby={reason ? `${inputId}-error` : undefined}
            onChange={(e) => {
              const file = e.target.files?.[0]
              if (file) void upload(file)
            }}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
          />
          {reason && (
            <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
              {reason}
            </p>
          )}
          {images.length > 0 && (
            <DialogTrigger>
              <Button className="self-start rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-blue-600">
                Choose uploaded image
              </Button>
              <Popover className="max-h-80 w-80 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg">
                <Dialog aria-label="Uploaded images" className="outline-none">
                  {({ close }) => (
                    <ul className="grid grid-cols-2 gap-2">
                      {images.map((img) => (
                        <li key={img.id}>
                          <Button
                            aria-label={`Use ${img.originalName}`}
                            onPress={() => {
                              onChange(img.publicUrl)
                              close()
                            }}
                            className="block w-full rounded border border-slate-200 p-1 outline-none hover:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600"
                          >
                            <img src={img.publicUrl} alt="" className="h-20 w-full object-cover" />
                            <span className="block truncate text-xs text-slate-700">{img.originalName}</span>
                          </Button>
                        </li>
                      ))}
                    </ul>
                  )}
                </Dialog>
              </Popover>
            </DialogTrigger>
          )}
        </div>
      </div>
    </div>
  )
}
