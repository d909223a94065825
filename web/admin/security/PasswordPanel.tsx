import { type FormEvent, useState } from 'react'
import { Form } from 'react-aria-components'
import { toast } from '../../components/Toaster'
import { ApiRequestError } from '../../lib/api'
import { AdminButton, Section } from '../ui'
import { securityApi } from './api'
import { Field, fail } from './form'
import { useReauth } from './reauth'

export function PasswordPanel() {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)
  // The current password is itself the proof today (ADR 078); wrapped all the
  // same, so the form keeps working if the rule ever asks for more.
  const withReauth = useReauth()
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setPending(true)
    try {
      const { endedSessions } = await withReauth(() =>
        securityApi.changePassword(
          String(data.get('currentPassword') ?? ''),
          String(data.get('newPassword') ?? ''),
        ),
      )
      setErrors({})
      form.reset()
      toast({
        title: 'Password changed',
        description: `${endedSessions} other session${endedSessions === 1 ? '' : 's'} signed out.`,
      })
    } catch (e) {
      setErrors(e instanceof ApiRequestError ? e.fieldErrors : {})
      fail('Password not changed', e)
    } finally {
      setPending(false)
    }
  }
  return (
    <Section title="Password">
      <Form onSubmit={submit} validationErrors={errors} className="grid gap-3 sm:grid-cols-2">
        <Field
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <Field
          name="newPassword"
          label="New password (12 to 128 characters)"
          type="password"
          autoComplete="new-password"
          description="Hard to guess: a few unrelated words work well; repeats, sequences and names do not."
        />
        <div>
          <AdminButton type="submit" isDisabled={pending}>
            {pending ? 'Saving...' : 'Change password'}
          </AdminButton>
        </div>
      </Form>
    </Section>
  )
}
