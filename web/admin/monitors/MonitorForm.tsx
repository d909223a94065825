// "Add monitor" (issue 54): the client, what to watch and how. The server
// checks every rule and names the field it refuses (a bad address, a scheme
// other than http(s), a user name in the address); the form shows it there.
import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useQuery } from 'urql'
import { MONITOR_KIND_LABELS, MONITOR_KINDS } from '../../../schema/monitors'
import { CLIENTS_QUERY } from '../clients/queries'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminDialog, AdminSelect, AdminTextField } from '../ui'
import { CREATE_MONITOR } from './queries'

const KIND_OPTIONS = MONITOR_KINDS.map((k) => ({ value: k.toUpperCase(), label: MONITOR_KIND_LABELS[k] }))

export function MonitorForm({ clientId, onClose }: { clientId?: string; onClose: (saved: boolean) => void }) {
  const [clients] = useQuery({ query: CLIENTS_QUERY, variables: { status: 'ACTIVE' as never } })
  const [values, setValues] = useState({
    clientId: clientId ?? '',
    kind: 'HTTP',
    name: '',
    url: '',
    keyword: '',
    domain: '',
    intervalMinutes: '',
  })
  const [keywordAbsent, setKeywordAbsent] = useState(false)
  const [{ errors }, create] = useSave(CREATE_MONITOR, { failure: 'Not saved', fieldsAlone: true })
  const set = (k: keyof typeof values) => (v: string) => setValues((old) => ({ ...old, [k]: v }))
  const kind = values.kind
  const needsUrl = kind === 'HTTP' || kind === 'KEYWORD' || kind === 'TLS'
  const clientOptions = (clients.data?.clients ?? []).map((c) => ({ value: String(c.id), label: c.name }))

  const save = async () => {
    const interval = values.intervalMinutes.trim()
    const saved = await create(
      {
        input: {
          clientId: values.clientId,
          kind: kind as never,
          name: values.name,
          url: needsUrl ? values.url.trim() || null : null,
          keyword: kind === 'KEYWORD' ? values.keyword || null : null,
          keywordAbsent: kind === 'KEYWORD' ? keywordAbsent : null,
          domain: kind === 'DOMAIN' || kind === 'TLS' ? values.domain.trim() || null : null,
          intervalMinutes: interval === '' ? null : /^\d+$/.test(interval) ? Number(interval) : -1,
        },
      },
      { title: 'Monitor added', description: values.name },
    )
    if (saved.ok) onClose(true)
  }

  return (
    <AdminDialog title="Add monitor" isOpen onOpenChange={(open) => !open && onClose(false)} size="lg">
      <Form
        validationErrors={errors}
        validationBehavior="aria"
        aria-label="Add monitor"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        {!clientId && (
          <AdminSelect
            name="clientId"
            label="Client"
            options={clientOptions}
            value={values.clientId}
            onChange={set('clientId')}
            isRequired
          />
        )}
        <AdminSelect name="kind" label="Kind" options={KIND_OPTIONS} value={kind} onChange={set('kind')} />
        <AdminTextField name="name" label="Name" value={values.name} onChange={set('name')} isRequired />
        {needsUrl && (
          <AdminTextField
            name="url"
            label="Address"
            type="url"
            value={values.url}
            onChange={set('url')}
            description="Starting with http:// or https://"
            isRequired={kind !== 'TLS'}
          />
        )}
        {kind === 'KEYWORD' && (
          <>
            <AdminTextField
              name="keyword"
              label="Text on the page"
              value={values.keyword}
              onChange={set('keyword')}
              isRequired
            />
            <AdminCheckbox name="keywordAbsent" isSelected={keywordAbsent} onChange={setKeywordAbsent}>
              Down when the text is there (instead of missing)
            </AdminCheckbox>
          </>
        )}
        {(kind === 'DOMAIN' || kind === 'TLS') && (
          <AdminTextField
            name="domain"
            label="Domain"
            value={values.domain}
            onChange={set('domain')}
            description="Such as clinic.example.com"
            isRequired={kind === 'DOMAIN'}
          />
        )}
        <AdminTextField
          name="intervalMinutes"
          label="Minutes between checks"
          value={values.intervalMinutes}
          onChange={set('intervalMinutes')}
          description={
            kind === 'TLS' || kind === 'DOMAIN' ? 'Once a day when empty' : 'Every 5 minutes when empty'
          }
        />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <AdminButton variant="secondary" onPress={() => onClose(false)}>
            Cancel
          </AdminButton>
          <AdminButton type="submit">Save</AdminButton>
        </div>
      </Form>
    </AdminDialog>
  )
}
