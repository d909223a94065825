import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components'
import { Link, useNavigate } from 'react-router'
import { LOGIN_REDIRECT_MS } from '../../schema/constants'
import { ERRORS, TOASTS } from '../../schema/messages'
import { toast } from '../components/Toaster'
import { ApiRequestError } from '../lib/api'
import { login, useAuth } from '../state/auth'

// /login (SPEC §2): the owner's sign-in. Validation is the browser's own
// (`required`), which keeps zod out of this public chunk.
export function LoginPage() {
  const navigate = useNavigate()
  const { status } = useAuth()
  const [pending, setPending] = useState(false)
  // After a successful sign-in the page waits LOGIN_REDIRECT_MS before leaving,
  // so the "already signed in" redirect must not fire for that sign-in.
  const signingIn = useRef(false)
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => {
    if (status === 'authenticated' && !signingIn.current) navigate('/admin', { replace: true })
  }, [status, navigate])

  useEffect(() => () => clearTimeout(redirectTimer.current), [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = new FormData(event.currentTarget)
    setPending(true)
    signingIn.current = true
    try {
      await login(String(form.get('username') ?? ''), String(form.get('password') ?? ''))
      toast(TOASTS.loginSuccess)
      redirectTimer.current = setTimeout(() => navigate('/admin'), LOGIN_REDIRECT_MS)
    } catch (error) {
      signingIn.current = false
      setPending(false)
      toast({
        title: ERRORS.loginFailedTitle,
        description: (error instanceof ApiRequestError && error.serverMessage) || ERRORS.loginFailedFallback,
        variant: 'destructive',
      })
    }
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 pt-20 pb-10">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="mb-6 text-center text-2xl font-bold text-slate-900">Portfolio Admin</h1>
        <Form onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField name="username" isRequired autoComplete="username" className="flex flex-col gap-1">
            <Label className="text-sm font-medium text-slate-800">Username</Label>
            <Input className={inputClass} />
            <FieldError className="text-sm text-red-700" />
          </TextField>
          <TextField
            name="password"
            type="password"
            isRequired
            autoComplete="current-password"
            className="flex flex-col gap-1"
          >
            <Label className="text-sm font-medium text-slate-800">Password</Label>
            <Input className={inputClass} />
            <FieldError className="text-sm text-red-700" />
          </TextField>
          <Button
            type="submit"
            isPending={pending}
            className="mt-2 rounded-md bg-blue-700 px-4 py-2 font-medium text-white outline-none hover:bg-blue-800 data-[pending]:cursor-wait data-[pending]:opacity-80 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[focus-visible]:ring-offset-2"
          >
            {pending ? 'Logging in...' : 'Login'}
          </Button>
        </Form>
        <p className="mt-6 text-center">
          <Link to="/" className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline">
            Back to Portfolio
          </Link>
        </p>
      </div>
    </main>
  )
}

const inputClass =
  'rounded-md border border-slate-300 px-3 py-2 text-slate-900 outline-none data-[focused]:border-blue-600 data-[focused]:ring-2 data-[focused]:ring-blue-600/30 data-[invalid]:border-red-600'
