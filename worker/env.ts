import type { TokenScope } from '../schema/client-payloads'
import type { Db } from './db'
import type { PortalContact } from './services/portal-sessions'

export type SessionUser = { id: number; username: string }

/** A write's record as the audit trail should name it: "C-1002", and its new state "confirmed". */
export type AuditNote = { record?: string | null; state?: string | null }

/** Hono's environment: the generated `Env` bindings plus per-request variables. */
export type AppEnv = {
  // IMAGES (Cloudflare Images) is optional: without it public images are served as uploaded (ADR 057).
  Bindings: Env & { IMAGES?: ImagesBinding }
  Variables: {
    requestId: string
    db: Db
    /** The signed-in owner, or null; set by the session middleware. */
    user: SessionUser | null
    /** The id (token hash) of the signed-in owner's session, or null. */
    sessionId: string | null
    /** The signed-in portal contact, or null; set on portal pages only (worker/portal/session.ts). */
    contact: PortalContact | null
    /** The personal access token that authenticated this request (worker/auth/bearer.ts), or null. */
    apiToken: { id: number; name: string; scope: TokenScope } | null
    /**
     * What a write tells the audit trail about its record (issue 28): its
     * reference and new state, which the path and the answer may not carry
     * (worker/middleware/audit-writes.ts). Unset for most writes.
     */
    auditNote: AuditNote | undefined
    /**
     * The writes of this request that appended their own, more specific audit
     * entry (the vault's reveal: `credential.reveal`), so the generic entry of
     * worker/middleware/audit-writes.ts is not written for them too. REST
     * names its route, GraphQL each such mutation field once per call.
     */
    selfAudited: string[] | undefined
    /**
     * The mutation fields a /graphql request's document calls, [] for a query, as
     * yoga parsed it (worker/graphql/edge-plugins.ts); unset for every other request
     * and for a document that was never parsed.
     */
    graphqlMutations: string[] | undefined
    /** Work to start once the response exists (worker/middleware/background.ts afterAnswer). */
    afterAnswer: (() => Promise<unknown>)[] | undefined
  }
}
