// The asset a support request is about (issue 38): chosen from its client's
// assets and saved at once (linkRequestAsset), or cleared with "No asset".
import { useState } from 'react'
import { AssetPicker } from '../assets/AssetPicker'
import { graphql } from '../graphql'
import { useSave } from '../save'

export const LINK_REQUEST_ASSET = graphql(
  'mutation LinkRequestAsset($requestId: ID!, $assetId: ID) { linkRequestAsset(requestId: $requestId, assetId: $assetId) }',
)

export function RequestAsset({
  requestId,
  clientId,
  assetId,
}: {
  requestId: string
  clientId: string | null
  assetId: string | null
}) {
  const [value, setValue] = useState(assetId ?? '')
  const [, link] = useSave(LINK_REQUEST_ASSET, {
    failure: 'Asset not saved',
    context: { additionalTypenames: ['SupportRequest', 'Asset'] },
  })
  if (!clientId) return null

  async function choose(next: string) {
    const before = value
    setValue(next)
    const linked = await link({ requestId, assetId: next || null }, next ? 'Asset linked' : 'Asset cleared')
    if (!linked.ok) setValue(before)
  }

  return (
    <AssetPicker
      clientId={clientId}
      value={value}
      onChange={(next) => void choose(next)}
      label="Asset it is about"
      className="sm:max-w-sm"
    />
  )
}
