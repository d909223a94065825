// The portal's sign-in form (issue 24, /portal): a sign-in link by e-mail, the
// same answer whether or not the address is known, within the form limits.
import { portalLinkInput } from '../../schema/payloads'
import { SIGN_IN_LINK_LIFETIME } from '../../schema/sign-in-link'
import { networkKey, withinLimits } from '../abuse/rate-limit'
import type { Db } from '../db'
import { deliverLogged } from '../mail/outbox'
import { requestSignInLink } from './portal-links'
import type { PortalResult } from './portal-requests'

export const SIGN_IN_MESSAGES = {
  linkSent: `If that address belongs to one of our clients, a sign-in link is on its way. It works once, within ${SIGN_IN_LINK_LIFETIME}.`,
  email: 'Enter a valid email address',
  tooMany: 'Too many requests. Please wait a minute and try again.',
} as const

/** The sign-in form's address rule: the request forms' own (schema/payloads.ts). */
const EMAIL = portalLinkInput.shape.email

/**
 * Asks for a sign-in link. `next` (a /portal path, else null) is where the new
 * link leads. The look-up, the link and its e-mail all happen in `afterAnswer`,
 * for every address: the answer does the same work whether the address is
 * known or not, so its timing tells nothing (issue 34).
 */
export async function askForSignInLink(
  db: Db,
  env: Env,
  ask: {
    email: string
    next: string | null
    /** The visitor's address (cf-connecting-ip); null locally. */
    ip: string | null
    afterAnswer: (task: () => Promise<unknown>) => void
  },
): Promise<PortalResult> {
  const parsed = EMAIL.safeParse(ask.email)
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? SIGN_IN_MESSAGES.email
    return { ok: false, message, errors: { email: message } }
  }
  const email = parsed.data.toLowerCase()
  // Per network (an IPv6 /64 counts as one) and per address, like the public forms;
  // without the header (local), one fixed key, as clientIp has it.
  const allowed = await withinLimits(env, env.FORM_LIMITER, [
    `portal-link:${networkKey(ask.ip ?? 'local')}`,
    `portal-link-email:${email}`,
  ])
  if (!allowed)
    return { ok: false, message: SIGN_IN_MESSAGES.tooMany, errors: { email: SIGN_IN_MESSAGES.tooMany } }
  const at = Date.now()
  ask.afterAnswer(async () => {
    const outboxId = await requestSignInLink(db, env, email, at, ask.next)
    if (outboxId !== null) await deliverLogged(db, env, outboxId)
  })
  return { ok: true, message: SIGN_IN_MESSAGES.linkSent }
}
