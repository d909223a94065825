// The asset a time entry or a request is about (issue 38), chosen from the
// client's assets: in use first, then spares; retired ones are not offered
// (one already named still shows, so nothing is dropped silently).
import { useQuery } from 'urql'
import { ASSET_KIND_LABELS, type AssetKind } from '../../../schema/assets'
import { enumValue } from '../../../schema/graphql-enums'
import { AdminSelect } from '../ui'
import { CLIENT_ASSETS } from './queries'

export const NO_ASSET = 'none'

type Pickable = { id: string; name: string; kind: string; status: string }

/** The options, in use first then spare, each by name; retired left out. */
export function assetOptions(assets: readonly Pickable[]) {
  const status = (a: Pickable) => enumValue('AssetStatus', a.status)
  const rank = (a: Pickable) => (status(a) === 'in_use' ? 0 : 1)
  return assets
    .filter((a) => status(a) !== 'retired')
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
    .map((a) => ({
      value: a.id,
      label: `${a.name} · ${ASSET_KIND_LABELS[enumValue('AssetKind', a.kind) as AssetKind] ?? a.kind}${status(a) === 'spare' ? ' (spare)' : ''}`,
    }))
}

type PickerProps = {
  /** The asset's id, or '' for none. */
  value: string
  onChange: (assetId: string) => void
  label?: string
  className?: string
}

/** The select itself, from assets already fetched (GraphQL enums or REST's stored values). */
export function AssetSelect({
  assets,
  value,
  onChange,
  label = 'Asset',
  className,
}: PickerProps & { assets: readonly Pickable[] }) {
  const options = [{ value: NO_ASSET, label: 'No asset' }, ...assetOptions(assets)]
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: `Asset ${value}` })
  return (
    <AdminSelect
      name="assetId"
      label={label}
      options={options}
      value={value || NO_ASSET}
      onChange={(v) => onChange(v === NO_ASSET ? '' : v)}
      className={className}
    />
  )
}

/** The client's assets fetched through the admin's GraphQL. */
export function AssetPicker({ clientId, ...props }: PickerProps & { clientId: string }) {
  const [{ data }] = useQuery({ query: CLIENT_ASSETS, variables: { clientId }, pause: !clientId })
  return <AssetSelect assets={data?.assets ?? []} {...props} />
}
