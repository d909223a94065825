import { count } from 'drizzle-orm'
import { createDb, tables } from '../worker/db'
import {
  SEED_RESUME_NAME,
  seedClients,
  seedContent,
  seedPeople,
  seedProjects,
  seedResumePdf,
  seedSkills,
} from './seed-data'

type SeedEnv = { DB: D1Database; FILES: R2Bucket; OWNER_NAME?: string }

/**
 * Loads the demo content when the database holds no content at all; otherwise
 * does nothing. Demo images are paths on the site itself, so they load under
 * any host name the site is opened on (and the CSP's 'self' allows them).
 */
export async function seedIfEmpty(env: SeedEnv): Promise<boolean> {
  const db = createDb(env.DB)
  const counts = await db.batch([
    db.select({ n: count() }).from(tables.projects),
    db.select({ n: count() }).from(tables.skills),
    db.select({ n: count() }).from(tables.pageContent),
    db.select({ n: count() }).from(tables.resumes),
  ])
  if (counts.some(([row]) => (row?.n ?? 0) > 0)) return false

  const pdf = seedResumePdf(env.OWNER_NAME ?? 'Portfolio Owner')
  const objectKey = `resumes/seed-${crypto.randomUUID()}.pdf`
  await env.FILES.put(objectKey, pdf, { httpMetadata: { contentType: 'application/pdf' } })
  const demo = seedClients()
  const people = seedPeople()
  await db.batch([
    db.insert(tables.skills).values(seedSkills),
    // Two clients with contacts and requests (issue 24); the requests carry their client and contact.
    db.insert(tables.clients).values(demo.clients),
    db.insert(tables.clientNotes).values(demo.clientNotes),
    db.insert(tables.contacts).values(demo.contacts),
    db.insert(tables.requestNumbers).values(demo.requestNumbers),
    db.insert(tables.supportRequests).values(demo.supportRequests),
    db.insert(tables.consultations).values(demo.consultations),
    // The clinic's people (issue 55): a roster, and the draft training module to review.
    db.insert(tables.staff).values(people.staff),
    db.insert(tables.trainings).values(people.training),
    db.insert(tables.trainingVersions).values(people.version),
    // D1 binds at most 100 parameters per statement: one insert per project.
    ...seedProjects.map((p) => db.insert(tables.projects).values(p)),
    db.insert(tables.pageContent).values(seedContent),
    db.insert(tables.resumes).values({
      originalName: SEED_RESUME_NAME,
      mimeType: 'application/pdf',
      fileSize: pdf.byteLength,
      objectKey,
      isActive: true,
    }),
  ])
  return true
}
