// What the server gives the pages of the clinic's people (issue 55): the
// person's training page (/training/<token>, no sign-in: the signed link is
// the key) and the portal's people pages, every read and action scoped on the
// server to the signed-in contact's client (worker/portal/people-server.ts).
import { createContext } from 'react-router'

export type TrainingPageView = {
  personName: string
  clientName: string
  title: string
  /** The content, Markdown rendered safely on the server (schema/markdown.ts). */
  bodyHtml: string
  version: number
  passPercent: number
  questions: { prompt: string; choices: string[] }[]
  /** "December 29, 2026" */
  due: string
  /** "Passed on ... with 100%", or null. */
  passed: string | null
  attempts: number
}

export type TrainingOutcome =
  | { ok: true; passed: boolean; score: number; message: string }
  | { ok: false; status: 400 | 404 | 409; message: string; errors: Record<string, string> }

export type TrainingServer = {
  /** Null for a bad, expired or foreign link (the page answers 404). */
  view(token: string): Promise<TrainingPageView | null>
  submit(token: string, answers: (number | null)[]): Promise<TrainingOutcome>
}

export const trainingServer = createContext<TrainingServer>()

export type PortalPerson = {
  id: number
  name: string
  email: string
  role: string | null
  startDate: string | null
  leaveDate: string | null
  active: boolean
  /** "2 of 2 done", "1 overdue" ... */
  training: string
  overdue: boolean
}

export type PortalRunSummary = { id: number; name: string; kind: string; status: string; href: string }

export type PortalPeopleView = {
  year: number
  people: PortalPerson[]
  /** "2 of 3 done this year" */
  completion: string
  overdue: number
  runs: PortalRunSummary[]
}

export type PortalRunView = {
  id: number
  name: string
  kind: string
  when: string
  status: string
  steps: { id: number; title: string; done: string | null; late: boolean; note: string | null }[]
  pdfHref: string
}

export type PortalPeopleResult =
  | { ok: true; message: string; runHref?: string }
  | { ok: false; message: string; errors: Record<string, string>; status?: 400 | 404 | 409 }

export type PortalPeopleServer = {
  /** Redirects to /portal without a session. */
  view(): Promise<PortalPeopleView>
  /** Null for another client's run, or none (the page answers 404). */
  run(id: string | undefined): Promise<PortalRunView | null>
  addPerson(fields: Record<string, string>): Promise<PortalPeopleResult>
  /** A person's role, or that they no longer work there. */
  updatePerson(fields: Record<string, string>): Promise<PortalPeopleResult>
  /** "Someone is leaving": the departure's run starts. */
  startDeparture(fields: Record<string, string>): Promise<PortalPeopleResult>
}

export const portalPeople = createContext<PortalPeopleServer>()
