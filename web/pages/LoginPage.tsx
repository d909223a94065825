import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Button, FieldError, Form, Input, Label, Text, TextField } from 'react-aria-components'
import { Link, useNavigate } from 'react-router'
import { LOGIN_REDIRECT_MS } from '../../schema/constants'
import { ERRORS, TOASTS } from '../../schema/messages'
import { toast } from '../components/Toaster'
import { ApiRequestError } from '../lib/api'
import { renderTurnstile, turnstileToken } from '../lib/turnstile'
import { login, loginSecondFactor, loginWithPasskey, type SecondFactorStep, useAuth } from '../state/auth'

// /login (SPEC §2): the owner's sign-in. Validation is the browser's own
// (`required`), which keeps zod out of this public chunk. Once the owner has
// enrolled a second factor, the password step is followed by a code (or a
// passkey); a passkey alone also signs in (issue 13). The WebAuthn browser
// code is imported only when a passkey is used.
export function LoginPage() {
  const navigate = useNavigate()
  const { status } = useAuth()
  const [pending, setPending] = useState<false | 'password' | 'code' | 'passkey'>(false)
  const [step, setStep] = useState<SecondFactorStep | null>(null)
  // After repeated failures the server may ask for a Turnstile challenge (when configured).
  const [challengeKey, setChallengeKey] = useState<string | null>(null)
  const challengeBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (challengeKey && challengeBox.current)
      void renderTurnstile(challengeBox.current, challengeKey).catch(() => {})
  }, [challengeKey])
  // After a successful sign-in the page waits LOGIN_REDIRECT_MS before leaving,
  // so the "already signed in" redirect must not fire for that sign-in.
  const signingIn = useRef(false)
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => {
    if (status === 'authenticated' && !signingIn.current) navigate('/admin', { replace: true })
  }, [status, navigate])

  useEffect(() => () => clearTimeout(redirectTimer.current), [])

  function signedIn() {
    toast(TOASTS.loginSuccess)
    redirectTimer.current = setTimeout(() => navigate('/admin'), LOGIN_REDIRECT_MS)
  }

  function failed(error: unknown) {
    signingIn.current = false
    setPending(false)
    const challenge =
      error instanceof ApiRequestError &&
      (error.body as { challenge?: { turnstileSiteKey?: string } } | null)?.challenge?.turnstileSiteKey
    if (challenge) {
      // A shown widget's token is good for one try.
      if (challengeKey) window.turnstile?.reset()
      setChallengeKey(challenge)
    }
    const aborted = error instanceof Error && /NotAllowedError|AbortError/.test(error.name)
    toast({
      title: ERRORS.loginFailedTitle,
      description: aborted
        ? 'The passkey request was cancelled.'
        : (error instanceof ApiRequestError && error.serverMessage) || ERRORS.loginFailedFallback,
      variant: 'destructive',
    })
  }

  async function run(kind: 'password' | 'code' | 'passkey', attempt: () => Promise<boolean>) {
    if (pending) return
    setPending(kind)
    signingIn.current = true
    try {
      if (await attempt()) signedIn()
      else {
        signingIn.current = false
        setPending(false)
      }
    } catch (error) {
      failed(error)
    }
  }

  function onPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const token = turnstileToken(event.currentTarget)
    const form = new FormData(event.currentTarget)
    void run('password', async () => {
      const result = await login(
        String(form.get('username') ?? ''),
        String(form.get('password') ?? ''),
        token,
      )
      if ('user' in result) return true
      setStep(result.secondFactor)
      return false
    })
  }

  function onCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!step) return
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    void run('code', async () => {
      await loginSecondFactor(step.ticket, code)
      return true
    })
  }

  const onPasskey = () =>
    run('passkey', async () => {
      await loginWithPasskey()
      return true
    })

  return (
    <main id="main" className="flex items-center justify-center bg-slate-50 px-4 pt-20 pb-10">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="mb-6 text-center text-2xl font-bold text-slate-900">Portfolio Admin</h1>
        {step ? (
          <Form onSubmit={onCode} className="flex flex-col gap-4">
            <h2 className="text-lg font-semibold text-slate-900">Two-step verification</h2>
            <TextField
              name="code"
              isRequired
              autoFocus
              autoComplete="one-time-code"
              className="flex flex-col gap-1"
            >
              <Label className="text-sm font-medium text-slate-800">Authentication code</Label>
              <Input className={inputClass} />
              <Text slot="description" className="text-xs text-slate-600">
                {step.methods.includes('totp')
                  ? 'The 6-digit code from your authenticator app, or a recovery code.'
                  : 'A recovery code, or use your passkey.'}
              </Text>
              <FieldError className="text-sm text-red-700" />
            </TextField>
            <Button type="submit" isPending={pending === 'code'} className={primaryClass}>
              {pending === 'code' ? 'Verifying...' : 'Verify'}
            </Button>
            {step.methods.includes('passkey') && (
              <Button onPress={onPasskey} isPending={pending === 'passkey'} className={secondaryClass}>
                Use a passkey
              </Button>
            )}
            <Button
              onPress={() => setStep(null)}
              className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline"
            >
              Start over
            </Button>
          </Form>
        ) : (
          <>
            <Form onSubmit={onPassword} className="flex flex-col gap-4">
              <TextField
                name="username"
                isRequired
                autoComplete="username webauthn"
                className="flex flex-col gap-1"
              >
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
              {challengeKey && (
                <div ref={challengeBox} data-turnstile-sitekey={challengeKey} className="min-h-16" />
              )}
              <Button type="submit" isPending={pending === 'password'} className={`mt-2 ${primaryClass}`}>
                {pending === 'password' ? 'Logging in...' : 'Login'}
              </Button>
            </Form>
            <Button
              onPress={onPasskey}
              isPending={pending === 'passkey'}
              className={`mt-3 w-full ${secondaryClass}`}
            >
              Sign in with a passkey
            </Button>
          </>
        )}
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
const primaryClass =
  'rounded-md bg-blue-700 px-4 py-2 font-medium text-white outline-none hover:bg-blue-800 data-[pending]:cursor-wait data-[pending]:opacity-80 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[focus-visible]:ring-offset-2'
const secondaryClass =
  'rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-900 outline-none hover:bg-slate-50 data-[pending]:cursor-wait data-[pending]:opacity-80 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[focus-visible]:ring-offset-2'
