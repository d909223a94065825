// A QR code drawn here from the text (uqr encodes it in the browser): the
// authenticator key never goes to an outside service (issue 28). One path of
// unit squares, with the 4-module quiet zone scanners expect.
import { encode } from 'uqr'

export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const qr = encode(text, { ecc: 'M', border: 0 })
  let d = ''
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  const quiet = 4
  const box = qr.size + quiet * 2
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="totp-qr"
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="rounded border border-slate-200"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}
