// The portal sign-in link's lifetime (issue 34): its own small module, so that
// the public pages' shared chunks (which import schema/constants.ts) do not
// change when it does.
/**
 * A portal sign-in link works once, within this many minutes
 * (docs/decisions/087-portal-sign-in.md). Every text that names the lifetime
 * is made from it (SIGN_IN_LINK_LIFETIME), so the two cannot drift apart.
 */
export const SIGN_IN_LINK_TTL_MINUTES = 15
export const SIGN_IN_LINK_TTL_MS = SIGN_IN_LINK_TTL_MINUTES * 60_000
/** "15 minutes": the lifetime as the texts say it. */
export const SIGN_IN_LINK_LIFETIME = `${SIGN_IN_LINK_TTL_MINUTES} minutes`
