import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ERRORS, TOASTS } from '../../schema/messages'
import { json, serve } from '../test/fetch-stub'
import { UploadForm } from './UploadForm'

const toast = vi.fn()
vi.mock('../components/Toaster', () => ({ toast: (content: unknown) => toast(content) }))

afterEach(() => {
  cleanup()
  toast.mockReset()
  vi.unstubAllGlobals()
})

function renderForm(onUploaded = vi.fn()) {
  render(
    <UploadForm
      url="/api/resumes"
      field="resume"
      accept=".pdf,.doc,.docx"
      label="Resume file"
      failure={{ refused: ERRORS.resumeUploadError, fallback: ERRORS.resumeUploadFallback }}
      success={TOASTS.resumeUploaded}
      onUploaded={onUploaded}
    />,
  )
  return onUploaded
}

const pdf = () => new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' })

describe('UploadForm', () => {
  it('keeps Upload disabled until a file is chosen, then sends it as the named multipart field', async () => {
    const fetch = serve({ '/api/resumes': () => json({}, 201) })
    const onUploaded = renderForm()
    const button = screen.getByRole('button', { name: 'Upload' })
    expect(button).toHaveProperty('disabled', true)
    expect(screen.getByLabelText('Resume file').getAttribute('accept')).toBe('.pdf,.doc,.docx')

    await userEvent.upload(screen.getByLabelText('Resume file'), pdf())
    expect(button).toHaveProperty('disabled', false)
    await userEvent.click(button)

    await waitFor(() => expect(toast).toHaveBeenCalledWith(TOASTS.resumeUploaded))
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/resumes')
    expect((init.body as FormData).get('resume')).toBeInstanceOf(File)
    expect(onUploaded).toHaveBeenCalled()
    // Cleared for the next upload.
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveProperty('disabled', true)
  })

  it('a refused upload: "Upload failed" / "Resume upload failed", and the server reason under the input', async () => {
    const body = {
      message: 'Please correct the highlighted fields.',
      errors: { resume: 'Only PDF, DOC or DOCX files are accepted' },
    }
    serve({ '/api/resumes': () => json(body, 400) })
    const onUploaded = renderForm()
    await userEvent.upload(screen.getByLabelText('Resume file'), pdf())
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }))

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Upload failed',
        description: 'Resume upload failed',
        variant: 'destructive',
      }),
    )
    expect(screen.getByRole('alert').textContent).toBe('Only PDF, DOC or DOCX files are accepted')
    expect(onUploaded).not.toHaveBeenCalled()
  })

  it('a request that never completes gets the fallback text', async () => {
    serve({ '/api/resumes': () => Promise.reject(new TypeError('Failed to fetch')) })
    renderForm()
    await userEvent.upload(screen.getByLabelText('Resume file'), pdf())
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }))
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Upload failed',
        description: 'Failed to upload resume',
        variant: 'destructive',
      }),
    )
  })

  it('shows "Uploading..." while the request is in flight', async () => {
    let finish: (res: Response) => void = () => {}
    serve({ '/api/resumes': () => new Promise<Response>((resolve) => (finish = resolve)) })
    renderForm()
    await userEvent.upload(screen.getByLabelText('Resume file'), pdf())
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }))
    expect(screen.getByRole('button', { name: 'Uploading...' })).toHaveProperty('disabled', true)
    finish(json({}, 201))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy())
  })
})
