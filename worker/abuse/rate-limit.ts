// Rate limits with plain values: the client's address and the binding's keys
// (the HTTP answer to a refusal is the caller's: middleware/rate-limit.ts, or
// the intake's `limited` result).

/** The client's IP as Cloudflare reports it (a fixed key locally, where there is no header). */
export const clientIp = (req: Request) => req.headers.get('cf-connecting-ip') ?? 'local'

/** Expands an IPv6 address to its 8 groups (lowercase, no leading zeros), or null. */
function ipv6Groups(address: string): string[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '')
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes its two groups.
  const v4 = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const head = halves[0] ? halves[0].split(':') : []
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : []
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const groups = [...head, ...new Array(halves.length === 2 ? missing : 0).fill('0'), ...tail]
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null
  return groups.map((g) => g.replace(/^0+(?=.)/, ''))
}

/**
 * The key a public-form limit counts: an IPv4 address as it is, an IPv6
 * address by its /64 (one subscriber's network: a single host can rotate
 * through 2^64 addresses in it), an IPv4-mapped IPv6 address as its IPv4.
 */
export function networkKey(ip: string): string {
  if (!ip.includes(':')) return ip
  const groups = ipv6Groups(ip)
  if (!groups) return ip
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [hi, lo] = [Number.parseInt(groups[6]!, 16), Number.parseInt(groups[7]!, 16)]
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  }
  return `${groups.slice(0, 4).join(':')}::/64`
}

/**
 * Whether the rate-limit binding allows every one of the keys.
 * `RATE_LIMITS = "off"` lifts the limits (the e2e run and the load bench only).
 */
export async function withinLimits(env: Env, limiter: RateLimit, keys: string[]): Promise<boolean> {
  if (env.RATE_LIMITS === 'off') return true
  const results = await Promise.all(keys.map((key) => limiter.limit({ key })))
  return results.every((r) => r.success)
}

/** Whether a network may send one more submission of a public form (FORM_LIMITER: 5 a minute; an IPv6 /64 counts as one). */
export const withinFormLimit = (env: Env, form: string, ip: string) =>
  withinLimits(env, env.FORM_LIMITER, [`${form}:${networkKey(ip)}`])
