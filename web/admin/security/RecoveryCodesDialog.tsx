import { toast } from '../../components/Toaster'
import { AdminButton, AdminDialog } from '../ui'

/** The codes as a small text file: one per line, with what they are. */
export const recoveryCodesText = (codes: string[], site: string) =>
  [`Recovery codes for ${site} (each signs you in once):`, '', ...codes, ''].join('\n')

async function copy(codes: string[]) {
  try {
    await navigator.clipboard.writeText(codes.join('\n'))
    toast({ title: 'Copied', description: 'The recovery codes are on the clipboard.' })
  } catch {
    toast({ title: 'Could not copy', description: 'Select the codes and copy them.', variant: 'destructive' })
  }
}

function download(codes: string[]) {
  const url = URL.createObjectURL(
    new Blob([recoveryCodesText(codes, location.host)], { type: 'text/plain;charset=utf-8' }),
  )
  const a = document.createElement('a')
  a.href = url
  a.download = 'recovery-codes.txt'
  a.click()
  URL.revokeObjectURL(url)
}

/** Fresh recovery codes, shown once after they are made. */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <AdminDialog
      title="Your recovery codes"
      isOpen={codes !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {(close) => (
        <>
          <p className="text-sm text-slate-700">
            Each code signs you in once if you lose your passkey or authenticator app. They are shown only
            now: keep them somewhere safe.
          </p>
          <ul aria-label="Recovery codes" className="my-4 grid grid-cols-2 gap-2 font-mono text-sm">
            {codes?.map((code) => (
              <li key={code} className="rounded bg-slate-100 px-2 py-1">
                {code}
              </li>
            ))}
          </ul>
          <div className="mb-4 flex flex-wrap gap-2 print:hidden">
            <AdminButton variant="secondary" onPress={() => void copy(codes ?? [])}>
              Copy
            </AdminButton>
            <AdminButton variant="secondary" onPress={() => download(codes ?? [])}>
              Download as text
            </AdminButton>
            <AdminButton variant="secondary" onPress={() => window.print()}>
              Print
            </AdminButton>
          </div>
          <AdminButton onPress={close}>I have saved them</AdminButton>
        </>
      )}
    </AdminDialog>
  )
}
