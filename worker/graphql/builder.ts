// The Pothos schema builder. Auth is declared on the schema: the builder's
// default is that every field requires the `owner` scope, so a field can only
// be public by opting out explicitly (none does: /graphql is the admin's API).
// Inputs are validated by the validation plugin with the same Zod payload
// schemas as the REST bodies, so both APIs answer the same field messages.
import SchemaBuilder from '@pothos/core'
import ScopeAuthPlugin from '@pothos/plugin-scope-auth'
import ValidationPlugin from '@pothos/plugin-validation'
import { GraphQLError } from 'graphql'
import { DateTimeResolver } from 'graphql-scalars'
import { z } from 'zod'
import { enumName, GRAPHQL_ENUMS, type GraphQLEnumName } from '../../schema/graphql-enums'
import { API_MESSAGES } from '../../schema/messages'
import type { Db } from '../db'
import type { AuditNote, SessionUser } from '../env'
import { badRequest } from '../middleware/errors'

export type GraphQLContext = {
  db: Db
  env: Env
  user: SessionUser | null
  /** The owner session's id (re-authentication checks, e.g. the vault's reveal); null without one. */
  sessionId: string | null
  /** Where the request came from, for audit entries a resolver writes itself. */
  origin: { ip: string | null; userAgent: string | null }
  /** Work after the answer (the booking e-mails a status change queues). */
  later: (work: Promise<unknown>) => void
  /** Names the written record and its new state for the audit trail (issue 28). */
  noteAudit: (note: AuditNote) => void
  /** Says that this mutation field appended its own audit entry, so the request's generic one leaves it out. */
  auditedBelow: (field: string) => void
}

type PathSegment = PropertyKey | { key: PropertyKey }
const keyOf = (segment: PathSegment | undefined) =>
  segment !== null && typeof segment === 'object' ? segment.key : segment

/**
 * The REST field map of a failed validation. Issue paths start at the
 * argument; for an input object (`input`) the field is the next segment.
 */
function fieldErrorsOf(issues: readonly { message: string; path?: readonly PathSegment[] }[], args: object) {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const [arg, field] = (issue.path ?? []).map(keyOf)
    const value = (args as Record<PropertyKey, unknown>)[arg ?? '']
    const name = value !== null && typeof value === 'object' && field !== undefined ? field : arg
    out[String(name ?? '_')] ??= issue.message
  }
  return out
}

// A GraphQLError is never masked; yoga answers with its HTTP status.
const unauthorizedError = () =>
  new GraphQLError('Authentication required', {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
  })

export const builder = new SchemaBuilder<{
  Context: GraphQLContext
  AuthScopes: { owner: boolean }
  DefaultFieldNullability: false
  Scalars: { DateTime: { Input: Date; Output: Date } }
}>({
  plugins: [ScopeAuthPlugin, ValidationPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({ owner: ctx.user !== null }),
    unauthorizedError,
  },
  // A refused input is the REST 400: same message, same field map (errors.ts maps it).
  // Pothos validates arguments before the scope check runs, so an anonymous
  // caller is told to sign in rather than what was wrong with the input.
  validation: {
    validationError: (failure, args, ctx) =>
      ctx.user === null ? unauthorizedError() : badRequest(fieldErrorsOf(failure.issues, args)),
  },
})

builder.addScalarType('DateTime', DateTimeResolver, {})

/**
 * GraphQL inputs leave fields nullable on purpose; null means "not given", so
 * the schema's defaults apply. The fields in `clearable` keep an explicit null
 * (a patch's "clear it"), as REST's PATCH does.
 */
export const withoutNulls = <S extends z.ZodType>(schema: S, clearable: readonly string[] = []) =>
  z.preprocess(
    (input) =>
      input !== null && typeof input === 'object'
        ? Object.fromEntries(
            Object.entries(input).filter(
              ([k, v]) => v !== undefined && (v !== null || clearable.includes(k)),
            ),
          )
        : input,
    schema,
  )

/** Registers one of the closed sets of schema/graphql-enums.ts as a GraphQL enum. */
export function enumOf<K extends GraphQLEnumName>(kind: K) {
  const spec = GRAPHQL_ENUMS[kind]
  const values: Record<string, { value: string; description: string }> = Object.fromEntries(
    spec.options.map((o) => [
      enumName(kind, o.value),
      { value: o.value, description: 'description' in o ? `${o.label} (${o.description})` : o.label },
    ]),
  )
  const name: string = kind
  const description: string = spec.description
  return builder.enumType(name, { description, values })
}

// Root types: every root field requires the owner's session.
builder.queryType({ description: "The owner's reads.", authScopes: { owner: true } })

const SessionUserRef = builder.objectRef<SessionUser>('User').implement({
  description: 'The signed-in owner.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the account.' }),
    username: t.exposeString('username', { description: 'Sign-in name.' }),
  }),
})

builder.queryField('me', (t) =>
  t.field({
    type: SessionUserRef,
    description: 'The account of the current session.',
    resolve: (_root, _args, ctx) => ctx.user!,
  }),
)

/**
 * A patch input: as its schema, and refused when it names nothing to change
 * (every field absent, or null where null means "not given"): REST's rule for
 * an empty PATCH (ADR 182), so no mutation reaches its service with an empty
 * UPDATE (a 500) or a write that only moves `updated_at`.
 */
export const somethingToChange = <S extends z.ZodType>(schema: S) =>
  schema.refine(
    (value) =>
      value !== null &&
      typeof value === 'object' &&
      Object.values(value as object).some((field) => field !== undefined),
    { message: API_MESSAGES.nothingToChange },
  )
