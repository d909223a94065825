// What the server gives the page modules' loaders and actions. The Worker
// (worker/pages.ts) implements it on top of the same service layer as the REST
// and GraphQL APIs; pages never import Worker code, so the browser bundle and
// the web type-check stay free of it (docs/decisions/012-framework-mode.md).
import { createContext } from 'react-router'
import type { ContentKey } from '../../schema/content-keys'
import type { SiteConfig } from '../../schema/site-config'
import type { PublicProject, PublicProjectPage } from './solutions'

export type PublicSkill = { id: number; category: string; name: string }
export type ActiveResume = { id: number; originalName: string; mimeType: string; fileSize: number }

/** A public form's submission as the REST API answered it. */
export type SubmitResult =
  | { ok: true; reference?: string }
  | { ok: false; status: number; message: string; errors: Record<string, string> }

export type SiteServer = {
  config: SiteConfig
  activeResume(): Promise<ActiveResume | null>
  /** The page copy for these keys: the owner's blocks over the documented defaults. */
  content<K extends ContentKey>(keys: readonly K[]): Promise<Record<K, string>>
  /** One page's stored blocks ("privacy" gives privacy.*), for pages with defaults of their own. */
  blocks(page: string): Promise<{ key: string; content: string }[]>
  projects(): Promise<PublicProject[]>
  /** A project page: the project, the slug it moved to (an old slug), or null. */
  project(slug: string): Promise<{ project: PublicProjectPage } | { movedTo: string } | null>
  skills(): Promise<PublicSkill[]>
  /** Posts a public form's payload through the REST API's own intake (limits, validation, mail). */
  submit(form: 'consultation' | 'support', payload: Record<string, unknown>): Promise<SubmitResult>
}

export const siteServer = createContext<SiteServer>()

/** The request's CSP nonce, for the inline scripts of the server render. */
export const requestNonce = createContext<string>('')
