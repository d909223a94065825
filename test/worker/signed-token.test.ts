// The one signed-token module (issue 53, ADR 196): booking links, rating links and
// reply addresses sign and verify through worker/signed-token.ts, and the tokens
// already sent keep working. The golden tokens below were made with the formats as
// they were before the module (HMAC-SHA256 of "uid~expiry", of "rating~id~expiry",
// and the first 96 bits in hex of "request:s12").
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { bookingToken, verifyBookingToken } from '../../worker/booking/link'
import { LOCAL_REPLY_KEY, replyAddress, verifyReplyAddress } from '../../worker/mail/reply-address'
import { ratingToken, verifyRatingToken } from '../../worker/services/ratings'
import {
  sameSecret,
  signature,
  signatureMatches,
  signExpiring,
  verifyExpiring,
  type WorkerdSubtle,
} from '../../worker/signed-token'

const EXPIRES = Date.UTC(2030, 0, 1) // 1893456000 s
const BEFORE = EXPIRES - 1000
const UID = 'abcdef0123456789abcdef01'
const OLD_BOOKING = `${UID}~1893456000~XItYUi4g1cAnDUbSKHvKnW-HCjsI8FEnZR1zCWPg_wI`
const OLD_RATING = '42~1893456000~z_H9iAvEitPxuNwSopFeohW75LZy20sFns3cy4Dt3ag'
const OLD_REPLY_TOKEN = '2634c9baef02f31216625f02'

describe('tokens already sent keep working', () => {
  it('booking links: the same token is made, and the old one is accepted until it expires', async () => {
    expect(env.BOOKING_LINK_KEY).toBe('test-booking-link-key-0123456789abcdef')
    expect(await bookingToken(env, UID, EXPIRES)).toBe(OLD_BOOKING)
    expect(await verifyBookingToken(env, OLD_BOOKING, BEFORE)).toBe(UID)
    expect(await verifyBookingToken(env, OLD_BOOKING, EXPIRES + 1000)).toBeNull()
  })

  it('rating links: likewise', async () => {
    expect(await ratingToken(env, 42, EXPIRES)).toBe(OLD_RATING)
    expect(await verifyRatingToken(env, OLD_RATING, BEFORE)).toBe(42)
    expect(await verifyRatingToken(env, OLD_RATING, EXPIRES + 1000)).toBeNull()
  })

  it('reply addresses: the same 96-bit hex token for the same request and key', async () => {
    expect(await signature(LOCAL_REPLY_KEY, 'request:s12', 'hex96')).toBe(OLD_REPLY_TOKEN)
    const address = (await replyAddress(env, 'support', 12))!
    expect(address).toMatch(/^reply-s12-[0-9a-f]{24}@/)
    expect(await verifyReplyAddress(env, address)).toEqual({ kind: 'support', id: 12 })
    // Mail systems may change the case of the local part.
    expect(await verifyReplyAddress(env, address.toUpperCase())).toEqual({ kind: 'support', id: 12 })
  })
})

describe('forged, altered and foreign tokens are refused', () => {
  const flip = (text: string, at: number) =>
    text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1)

  it('one changed character of the signature, the subject or the expiry', async () => {
    for (const at of [0, UID.length + 3, OLD_BOOKING.length - 1])
      expect(await verifyBookingToken(env, flip(OLD_BOOKING, at), BEFORE)).toBeNull()
    const later = OLD_BOOKING.replace('~1893456000~', '~1993456000~')
    expect(await verifyBookingToken(env, later, BEFORE)).toBeNull()
  })

  it('a rating token is no booking token and a booking token no rating token (each signs its own context)', async () => {
    const bookingLike = await signExpiring(env.BOOKING_LINK_KEY, '', '4242424242424242', EXPIRES)
    expect(await verifyBookingToken(env, bookingLike, BEFORE)).toBe('4242424242424242')
    const rating = (await ratingToken(env, 4242424242, EXPIRES))!
    expect(await verifyBookingToken(env, rating, BEFORE)).toBeNull()
    const booking = await signExpiring(env.BOOKING_LINK_KEY, '', '4242424242', EXPIRES)
    expect(await verifyRatingToken(env, booking, BEFORE)).toBeNull()
  })

  it('another key, a wrong shape, a forged reply address', async () => {
    const other = { ...env, BOOKING_LINK_KEY: 'another-key-another-key-another-key' } as Env
    expect(await verifyBookingToken(other, OLD_BOOKING, BEFORE)).toBeNull()
    for (const bad of ['', '~~', `${UID}~1893456000`, `${OLD_BOOKING}x`, `${UID}~x~${'A'.repeat(43)}`])
      expect(await verifyBookingToken(env, bad, BEFORE)).toBeNull()
    const address = (await replyAddress(env, 'support', 12))!
    expect(await verifyReplyAddress(env, address.replace('reply-s12-', 'reply-s13-'))).toBeNull()
    expect(
      await verifyReplyAddress(
        env,
        address.replace(/-([0-9a-f])/, (_, c) => `-${c === '0' ? '1' : '0'}`),
      ),
    ).toBeNull()
  })
})

describe('the module', () => {
  it('compares in constant time with crypto.subtle.timingSafeEqual, and unequal lengths are simply unequal', () => {
    expect(sameSecret('abc', 'abc')).toBe(true)
    expect(sameSecret('abc', 'abd')).toBe(false)
    expect(sameSecret('abc', 'abcd')).toBe(false)
    expect(sameSecret('', '')).toBe(true)
    // The comparison is workerd's own: a spy sees it called with the two encoded values.
    const calls: number[] = []
    const subtle = crypto.subtle as WorkerdSubtle
    const original = subtle.timingSafeEqual.bind(subtle)
    subtle.timingSafeEqual = (a, b) => {
      calls.push((a as Uint8Array).byteLength)
      return original(a, b)
    }
    try {
      expect(sameSecret('same', 'same')).toBe(true)
    } finally {
      subtle.timingSafeEqual = original
    }
    expect(calls).toEqual([4])
  })

  it('an expiring token round-trips its subject under a pattern, and only before its expiry', async () => {
    const token = await signExpiring('k'.repeat(32), 'ctx:', 'subject-1', EXPIRES)
    expect(token).toMatch(/^subject-1~1893456000~[A-Za-z0-9_-]{43}$/)
    expect(await verifyExpiring('k'.repeat(32), 'ctx:', token, '[a-z0-9-]+', BEFORE)).toBe('subject-1')
    expect(await verifyExpiring('k'.repeat(32), 'other:', token, '[a-z0-9-]+', BEFORE)).toBeNull()
    expect(await verifyExpiring('k'.repeat(32), 'ctx:', token, '[0-9]+', BEFORE)).toBeNull()
    expect(await verifyExpiring('k'.repeat(32), 'ctx:', token, '[a-z0-9-]+', EXPIRES + 1000)).toBeNull()
    expect(await signatureMatches('k', 'm', await signature('k', 'm'))).toBe(true)
    expect(await signatureMatches('k', 'm', await signature('k', 'n'))).toBe(false)
  })
})
