// The demo seed (issue 24): two clients with contacts and requests, each
// request linked to its client and contact; new requests continue the numbering.
import { env } from 'cloudflare:test'
import { expect, it } from 'vitest'
import { seedIfEmpty } from '../../scripts/seed'
import { send, supportRequest } from './requests-fixtures'

it('seeds Riverside Family Clinic and Lakeside Dental with contacts and linked requests', async () => {
  expect(await seedIfEmpty(env)).toBe(true)
  const rows = await env.DB.prepare(
    `select c.name as client, k.name as contact, r.reference, r.status from (
       select client_id, contact_id, reference, status from support_requests
       union all select client_id, contact_id, reference, status from consultations) r
     join clients c on c.id = r.client_id join contacts k on k.id = r.contact_id and k.client_id = c.id
     order by r.reference`,
  ).all()
  expect(rows.results).toEqual([
    { client: 'Riverside Family Clinic', contact: 'Grace Park', reference: 'C-1002', status: 'confirmed' },
    { client: 'Riverside Family Clinic', contact: 'Grace Park', reference: 'S-1001', status: 'in_progress' },
    { client: 'Lakeside Dental', contact: 'Dana Lee', reference: 'S-1003', status: 'pending' },
  ])
  const res = await send('/api/consultation', {
    json: supportRequest({ email: 'dana@lakesidedental.example' }),
  })
  expect(res.status).toBe(201)
  expect(await res.json()).toMatchObject({ reference: 'S-1004' })
  const linked = await env.DB.prepare(
    `select client_id from support_requests where reference = 'S-1004'`,
  ).first()
  expect(linked).toEqual({ client_id: 2 })
})
