// "New support request" in the client portal (issue 24): the support form's
// fields, pre-filled with the signed-in contact's details, posted through the
// same intake as the public form (limits, validation, notification); the
// request carries the contact's own address, by which it joins their client.
import {
  type ActionFunctionArgs,
  data,
  Form,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from 'react-router'
import { formConstraints } from '../../schema/form-constraints'
import { supportRequestInput } from '../../schema/payloads'
import { CONTACT_METHODS, FORM_ISSUE_TYPES, URGENCY_LEVELS } from '../../schema/request-options'
import { contactView, orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { linkRequestToAsset, portalAssetSummary } from '../../worker/services/portal-assets'
import { button } from '../components/ui'
import { SelectInput, TextAreaInput, TextInput } from '../forms/fields'
import { pageMeta } from '../lib/meta'
import { siteFromMatches } from '../lib/site'
import { siteServer } from '../lib/site-server'
import { Outcome, PortalFrame, portalCard } from '../portal/ui'

export const handle = { private: true }

const FIELDS = ['phone', 'businessName', 'issueType', 'urgency', 'description', 'preferredContact'] as const

/** "Report a problem" on an asset (issue 38): ?asset=ID, one of the client's, else the 404 page. */
async function assetOf(args: LoaderFunctionArgs, raw: string | null) {
  if (raw === null) return null
  return orNotFound(portalAssetSummary(pageRequestOf(args.context).db, portalContactOf(args.context), raw))
}

export async function loader(args: LoaderFunctionArgs) {
  const { request, context } = args
  const contact = portalContactOf(context)
  const asset = await assetOf(args, new URL(request.url).searchParams.get('asset'))
  // The intake's own limits, read on the server (ADR 148).
  return { contact: contactView(contact), limits: formConstraints(supportRequestInput), asset }
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args
  const contact = portalContactOf(context)
  const form = await request.formData()
  const asset = await assetOf(args, form.has('assetId') ? String(form.get('assetId')) : null)
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Record<
    (typeof FIELDS)[number],
    string
  >
  // Through the public form's intake (limits, validation, notification), always with the
  // contact's own address, by which the request joins their client.
  const submitted = await context.get(siteServer).submit('support', {
    ...values,
    name: contact.name,
    businessName: values.businessName || null,
    email: contact.email,
  })
  if (submitted.ok && submitted.reference && asset)
    await linkRequestToAsset(pageRequestOf(context).db, contact, submitted.reference, asset.id)
  if (submitted.ok && submitted.reference) throw redirect(`/portal/requests/${submitted.reference}`)
  const result = submitted.ok
    ? { ok: true as const, message: 'Your request is in.' }
    : { ok: false as const, message: submitted.message, errors: submitted.errors }
  return data({ ...result, values }, { status: result.ok ? 200 : 400 })
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'New support request',
    description: 'Ask for IT support.',
    siteUrl: siteFromMatches(matches).config.siteUrl,
    path: '/portal',
    noindex: true,
  })

export default function PortalNewRequest() {
  const { contact, limits, asset } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const busy = useNavigation().state !== 'idle'
  const v = result?.values
  const err = (name: string) => (result && !result.ok ? result.errors[name] : undefined)
  return (
    <PortalFrame contact={contact} title="New support request">
      <Outcome result={result} />
      <Form method="post" className={portalCard} noValidate>
        <p className="mb-4 text-slate-700">
          From {contact.name} ({contact.email}), {contact.clientName}. Please do not include patient health
          information.
        </p>
        {asset && (
          <p className="mb-4 font-semibold text-slate-900" data-testid="request-asset">
            {`About: ${asset.name} (${asset.kind})`}
            <input type="hidden" name="assetId" value={asset.id} />
          </p>
        )}
        <TextInput
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          {...limits.phone}
          defaultValue={v?.phone ?? contact.phone ?? ''}
          error={err('phone')}
        />
        <TextInput
          name="businessName"
          label="Business name"
          {...limits.businessName}
          defaultValue={v?.businessName ?? contact.clientName}
          error={err('businessName')}
        />
        <SelectInput
          name="issueType"
          label="Issue type"
          {...limits.issueType}
          options={FORM_ISSUE_TYPES}
          placeholder="Choose an issue type"
          defaultValue={v?.issueType}
          error={err('issueType')}
        />
        <SelectInput
          name="urgency"
          label="Urgency"
          {...limits.urgency}
          options={URGENCY_LEVELS}
          placeholder="Choose an urgency"
          defaultValue={v?.urgency}
          error={err('urgency')}
        />
        <SelectInput
          name="preferredContact"
          label="Preferred contact"
          {...limits.preferredContact}
          options={CONTACT_METHODS}
          placeholder="Choose a contact method"
          defaultValue={v?.preferredContact ?? 'email'}
          error={err('preferredContact')}
        />
        <TextAreaInput
          name="description"
          label="What is going on?"
          {...limits.description}
          defaultValue={v?.description}
          error={err('description')}
        />
        <button type="submit" disabled={busy} className={button.primary}>
          Send request
        </button>
      </Form>
    </PortalFrame>
  )
}
