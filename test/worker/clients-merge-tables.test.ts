// Merging a duplicate client moves everything that is the client's (issue 36):
// every table with a column referencing clients must be in OWNED_BY_CLIENT,
// so a table added later cannot make a merge fail on its foreign key or leave
// records behind on the deleted client.
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { describe, expect, it } from 'vitest'
import * as schema from '../../schema/tables'
import { OWNED_BY_CLIENT } from '../../worker/services/clients'

const referencesClients = (table: SQLiteTable) =>
  getTableConfig(table).foreignKeys.some(
    (fk) => getTableConfig(fk.reference().foreignTable).name === 'clients',
  )

describe('merging clients', () => {
  it('moves every table that references a client', () => {
    const tables = Object.values(schema as Record<string, unknown>).filter(
      (v): v is SQLiteTable =>
        typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
    )
    const withClient = tables.filter(referencesClients).map((t) => getTableConfig(t).name)
    const moved = OWNED_BY_CLIENT.map((t) => getTableConfig(t as SQLiteTable).name)
    expect(withClient.length).toBeGreaterThan(5)
    expect(withClient.filter((name) => !moved.includes(name))).toEqual([])
  })
})
