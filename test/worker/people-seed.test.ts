// Issue 55: the demo seed has the first clinic's roster and one training
// module, "HIPAA security basics", left as a draft to be reviewed (it cannot be
// assigned until the owner publishes it).
import { env } from 'cloudflare:test'
import { expect, it } from 'vitest'
import { seedIfEmpty } from '../../scripts/seed'
import { asOwner, json } from './billing-fixtures'

it('seeds the draft module to review and a roster', async () => {
  expect(await seedIfEmpty(env)).toBe(true)
  const modules = await json<
    { id: number; title: string; draft: boolean; version: number; questions: unknown[] }[]
  >(await asOwner('/api/trainings'))
  expect(modules.map((m) => [m.title, m.draft, m.version])).toEqual([['HIPAA security basics', true, 1]])
  expect(modules[0]!.questions.length).toBeGreaterThanOrEqual(3)
  const refused = await asOwner(`/api/trainings/${modules[0]!.id}/assignments`, {
    method: 'POST',
    json: { clientId: 1, dueDate: '2027-01-31' },
  })
  expect(refused.status).toBe(409)
  const roster = await env.DB.prepare('select name from staff where client_id = 1 order by id').all<{
    name: string
  }>()
  expect(roster.results.map((r) => r.name)).toEqual(['Grace Park', 'Luis Ortega', 'Mia Chen'])
})
