// The asset a support request is about (issue 38): chosen from its client's
// assets and saved at once (linkRequestAsset), or cleared with "No asset".
import { useState } from 'react'
import { useMutation } from 'urql'
import { toast } from '../../components/Toaster'
import { AssetPicker } from '../assets/AssetPicker'
import { graphql } from '../graphql'
import { messageOf } from '../urql'

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
  const [, link] = useMutation(LINK_REQUEST_ASSET)
  if (!clientId) return null

  async function choose(next: string) {
    const before = value
    setValue(next)
    const result = await link(
      { requestId, assetId: next || null },
      { additionalTypenames: ['SupportRequest', 'Asset'] },
    )
    if (result.error) {
      setValue(before)
      toast({ title: 'Asset not saved', description: messageOf(result.error), variant: 'destructive' })
    } else toast({ title: next ? 'Asset linked' : 'Asset cleared' })
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
