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
import { signInPath } from '../../schema/portal-next'
import { CONTACT_METHODS, FORM_ISSUE_TYPES, URGENCY_LEVELS } from '../../schema/request-options'
import { orNotFound, pageRequestOf, portalContactOf } from '../../worker/page-context'
import { linkRequestToAsset, portalAssetSummary } from '../../worker/services/portal-assets'
import { button } from '../components/ui'
import { SelectInput, TextAreaInput, TextInput } from '../forms/fields'
import { pageMeta } from '../lib/meta'
import { portalServer } from '../lib/portal-server'
import { siteFromMatches } from '../lib/site'
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
  const portal = context.get(portalServer)
  if (!portal.contact) throw redirect(signInPath(request.url))
  const asset = await assetOf(args, new URL(request.url).searchParams.get('asset'))
  // The intake's own limits, read on the server (ADR 148).
  return { contact: portal.contact, limits: formConstraints(supportRequestInput), asset }
}

export async function action(args: ActionFunctionArgs) {
  const { request, context } = args
  const portal = context.get(portalServer)
  if (!portal.contact) throw redirect(signInPath(request.url))
  const form = await request.formData()
  const asset = await assetOf(args, form.has('assetId') ? String(form.get('assetId')) : null)
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Record<
    (typeof FIELDS)[number],
    string
  >
  const result = await portal.submitSupport({
    ...values,
    name: portal.contact.name,
    businessName: values.businessName || null,
  })
  if (result.ok && result.reference && asset)
    await linkRequestToAsset(pageRequestOf(context).db, portalContactOf(context), result.reference, asset.id)
  if (result.ok && result.reference) throw redirect(`/portal/requests/${result.reference}`)
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
