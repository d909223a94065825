// The credentials vault in the admin's GraphQL (issue 38, docs/vault.md). The
// Credential type has no secret field; the only way to a secret is the
// revealCredential mutation, with the same rule as REST: a second factor proved
// on this session within the last 10 minutes (ADR 181), audited.
import { rowId } from '../../schema/ids'
import { credentialInput, credentialPatch } from '../../schema/vault-payloads'
import { assertSecondFactor } from '../auth/reauth'
import { vaultKeys } from '../auth/vault-key'
import {
  type CredentialView,
  createCredential,
  deleteCredential,
  listCredentials,
  revealCredential,
  updateCredential,
} from '../services/vault'
import { builder, somethingToChange, withoutNulls } from './builder'
import { ClientRef } from './clients'

const CredentialRef = builder.objectRef<CredentialView>('Credential').implement({
  description: "A client's login in the vault. The secret is never a field: revealCredential returns it.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Id of the credential (cred_...).' }),
    clientId: t.exposeID('clientId', { description: 'Id of its client.' }),
    assetId: t.exposeID('assetId', { nullable: true, description: 'Id of the asset it opens, if any.' }),
    label: t.exposeString('label', { description: 'What it is for ("Router admin").' }),
    username: t.exposeString('username', { nullable: true, description: 'The user name, if any.' }),
    url: t.exposeString('url', { nullable: true, description: 'Where it is used, if any.' }),
    notes: t.exposeString('notes', { nullable: true, description: "The owner's notes." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was stored.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When it last changed.' }),
  }),
})

builder.objectField(ClientRef, 'credentials', (t) =>
  t.field({
    type: [CredentialRef],
    description: "The client's credentials by label, without secrets.",
    resolve: (client, _args, { db }) => listCredentials(db, client.id),
  }),
)

const CredentialInputRef = builder
  .inputType('CredentialInput', {
    description: 'A new credential; label and secret are required (checked by the server).',
    fields: (t) => ({
      label: t.string({ description: 'What it is for.' }),
      username: t.string({ description: 'The user name.' }),
      secret: t.string({ description: 'The password or key; stored encrypted, never answered.' }),
      url: t.string({ description: 'Where it is used (http or https).' }),
      notes: t.string({ description: 'Notes.' }),
      assetId: t.int({ description: 'Id of an asset of the same client.' }),
    }),
  })
  .validate(withoutNulls(credentialInput))

const CredentialPatchRef = builder
  .inputType('CredentialPatch', {
    description:
      'A credential’s changes; absent fields stay as they are, null clears username, url, notes or assetId; a new secret is encrypted anew.',
    fields: (t) => ({
      label: t.string({ description: 'What it is for.' }),
      username: t.string({ description: 'The user name.' }),
      secret: t.string({ description: 'A new secret.' }),
      url: t.string({ description: 'Where it is used.' }),
      notes: t.string({ description: 'Notes.' }),
      assetId: t.int({ description: 'Id of an asset of the same client.' }),
    }),
  })
  .validate(somethingToChange(withoutNulls(credentialPatch, ['username', 'url', 'notes', 'assetId'])))

const RevealPurposeEnum = builder.enumType('RevealPurpose', {
  description: 'Why a secret is asked for (both are audited).',
  values: {
    REVEAL: { value: 'reveal', description: 'Shown on screen.' },
    COPY: { value: 'copy', description: 'Copied to the clipboard.' },
  } as const,
})

builder.mutationField('createCredential', (t) =>
  t.field({
    type: CredentialRef,
    description: 'Stores a credential of a client; the secret is encrypted.',
    args: {
      clientId: t.arg.id({ required: true, description: 'Id of the client.' }).validate(rowId),
      input: t.arg({ type: CredentialInputRef, required: true, description: 'The credential.' }),
    },
    resolve: async (_root, { clientId, input }, { db, env }) =>
      createCredential(db, await vaultKeys(env), clientId, input),
  }),
)

builder.mutationField('updateCredential', (t) =>
  t.field({
    type: CredentialRef,
    description: 'Changes a credential; NOT_FOUND when it does not exist.',
    args: {
      id: t.arg.id({ required: true, description: 'Id of the credential.' }),
      input: t.arg({ type: CredentialPatchRef, required: true, description: 'The changes.' }),
    },
    resolve: async (_root, { id, input }, { db, env }) =>
      updateCredential(db, await vaultKeys(env), String(id), input),
  }),
)

builder.mutationField('deleteCredential', (t) =>
  t.boolean({
    description: 'Deletes a credential and its encrypted secret.',
    args: { id: t.arg.id({ required: true, description: 'Id of the credential.' }) },
    resolve: async (_root, { id }, { db }) => {
      await deleteCredential(db, String(id))
      return true
    },
  }),
)

builder.mutationField('revealCredential', (t) =>
  t.string({
    description:
      "The secret, after a second factor (authenticator code or passkey) proved on this session within 10 minutes (else FORBIDDEN with reason 'second_factor_required', or 'second_factor_missing' without one). Audited.",
    args: {
      id: t.arg.id({ required: true, description: 'Id of the credential.' }),
      purpose: t.arg({ type: RevealPurposeEnum, description: 'Reveal (default) or copy.' }),
    },
    resolve: async (_root, { id, purpose }, { db, env, user, sessionId, origin, auditedBelow }) => {
      await assertSecondFactor(db, user?.id, sessionId)
      return revealCredential(db, await vaultKeys(env), String(id), {
        purpose: purpose ?? 'reveal',
        userId: user?.id ?? null,
        actor: user?.username ?? null,
        ...origin,
        onAudited: () => auditedBelow('revealCredential'),
      })
    },
  }),
)
