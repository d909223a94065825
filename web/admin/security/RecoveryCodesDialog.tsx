import { AdminButton, AdminDialog } from '../ui'

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
          <AdminButton onPress={close}>I have saved them</AdminButton>
        </>
      )}
    </AdminDialog>
  )
}
