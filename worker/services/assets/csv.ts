// A client's inventory as CSV (issue 38): the export, and the import of a
// spreadsheet with a header row. Columns are matched by name, case and spaces
// ignored ("Warranty End" is warrantyEnd); each row is one assetInput, so the
// import refuses exactly what the API refuses. Every bad row is reported by
// line and field; nothing is stored unless the whole file is good, or the
// owner asked for the valid rows only. The rows go in one D1 batch (one
// transaction), split under D1's parameter limit (chunks.ts).
import { and, eq, sql } from 'drizzle-orm'
import {
  ASSET_FIELDS,
  type AssetField,
  type AssetPayload,
  assetInput,
  MAX_IMPORT_ROWS,
} from '../../../schema/asset-payloads.server'
import { ASSET_KIND_LABELS, ASSET_STATUS_LABELS, EPHI_LABELS } from '../../../schema/assets'
import type { Db } from '../../db'
import { tables } from '../../db'
import { chunkedInserts } from '../chunks'
import { toCsv } from '../csv'
import { Invalid, NotFound } from '../errors'
import { type AssetActor, byName } from './records'

/** The export's header: the field names, which the import matches back. */
export const CSV_COLUMNS: readonly AssetField[] = ASSET_FIELDS

export type ImportError = { line: number; field: string; message: string }
export type ImportResult = { imported: number; errors: ImportError[] }

const normalise = (name: string) => name.replace(/[\s_-]+/g, '').toLowerCase()
const BY_NAME = new Map<string, AssetField>(ASSET_FIELDS.map((f) => [normalise(f), f]))
// Other spellings a spreadsheet may carry.
for (const [alias, field] of [
  ['type', 'kind'],
  ['serialnumber', 'serial'],
  ['assigned', 'assignedTo'],
  ['user', 'assignedTo'],
  ['operatingsystem', 'os'],
  ['warranty', 'warrantyEnd'],
  ['warrantyexpires', 'warrantyEnd'],
  ['renewal', 'renewalDate'],
  ['expires', 'renewalDate'],
  ['patientdata', 'ephi'],
] as const)
  BY_NAME.set(alias, field)

/** A closed-set cell: its stored value or its label, in any case ("Software licence", "in use"). */
function word(labels: Record<string, string>, cell: string): string {
  const n = normalise(cell)
  return Object.keys(labels).find((k) => normalise(k) === n || normalise(labels[k]!) === n) ?? cell
}

/**
 * RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks.
 * Each record carries the line it starts on, for the error report.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const out: { line: number; cells: string[] }[] = []
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let start = 1
  const src = text.replace(/^\ufeff/, '')
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n') line++
        cell += ch
      }
      continue
    }
    if (ch === '"' && cell === '') quoted = true
    else if (ch === ',') {
      cells.push(cell)
      cell = ''
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++
      cells.push(cell)
      out.push({ line: start, cells })
      cells = []
      cell = ''
      line++
      start = line
    } else cell += ch
  }
  if (cell !== '' || cells.length) {
    cells.push(cell)
    out.push({ line: start, cells })
  }
  // Blank lines are not rows.
  return out.filter((r) => r.cells.some((c) => c.trim() !== ''))
}

/** The export's guard against spreadsheet formulas (csv.ts) is undone on the way back in. */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell)

function rowObject(header: (AssetField | null)[], cells: string[]) {
  const obj: Record<string, unknown> = {}
  header.forEach((field, i) => {
    if (!field) return
    const raw = unguard((cells[i] ?? '').trim())
    if (raw === '') return
    if (field === 'seats') obj.seats = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw
    else if (field === 'kind') obj.kind = word(ASSET_KIND_LABELS, raw)
    else if (field === 'status') obj.status = word(ASSET_STATUS_LABELS, raw)
    else if (field === 'ephi') obj.ephi = word(EPHI_LABELS, raw)
    else obj[field] = raw
  })
  return obj
}

/**
 * A closed-set cell is read by its label too (word()), so a spreadsheet's
 * author is told the labels, not the stored values ("software_licence",
 * "in_use"), which the API's own message lists (issue 52.7).
 */
const CSV_WORDS: Record<string, string> = {
  kind: `Kind must be one of ${Object.values(ASSET_KIND_LABELS).join(', ')}`,
  status: `Status must be ${Object.values(ASSET_STATUS_LABELS)
    .join(', ')
    .replace(/, ([^,]*)$/, ' or $1')}`,
}

/** Checks a file: the valid rows and every bad row's errors (line, field, message). */
export function checkCsv(text: string): { rows: AssetPayload[]; errors: ImportError[] } {
  const records = parseCsv(text)
  const [head, ...body] = records
  if (!head) throw new Invalid({ file: 'The file is empty; it needs a header row and a row per asset' })
  const header = head.cells.map((c) => BY_NAME.get(normalise(c)) ?? null)
  const missing = (['kind', 'name'] as const).filter((f) => !header.includes(f))
  if (missing.length)
    throw new Invalid({
      file: `The header row needs the columns ${missing.join(' and ')} (found: ${head.cells.join(', ')})`,
    })
  if (body.length > MAX_IMPORT_ROWS)
    throw new Invalid({ file: `At most ${MAX_IMPORT_ROWS} rows in one import` })
  const rows: AssetPayload[] = []
  const errors: ImportError[] = []
  for (const record of body) {
    const parsed = assetInput.safeParse(rowObject(header, record.cells))
    if (parsed.success) rows.push(parsed.data)
    else
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row')
        errors.push({ line: record.line, field, message: CSV_WORDS[field] ?? issue.message })
      }
  }
  return { rows, errors }
}

/**
 * Imports a client's assets from CSV. With any bad row nothing is stored
 * (`stored: false`), unless `validRowsOnly`, which stores the good ones.
 */
export async function importAssetsCsv(
  db: Db,
  clientId: number,
  text: string,
  opts: { validRowsOnly?: boolean; actor: AssetActor },
  now = new Date(),
): Promise<ImportResult & { stored: boolean }> {
  const [client] = await db
    .select({ id: tables.clients.id })
    .from(tables.clients)
    .where(eq(tables.clients.id, clientId))
    .limit(1)
  if (!client) throw new NotFound('Client not found')
  const { rows, errors } = checkCsv(text)
  if (errors.length && !opts.validRowsOnly) return { imported: 0, errors, stored: false }
  if (!rows.length) return { imported: 0, errors, stored: true }
  const a = tables.assets
  // The history row of each imported asset: the assets of this client that have none yet are the new ones.
  const history = db.insert(tables.assetChanges).select(
    db
      .select({
        // Every column in the table's order, as drizzle's insert-select asks; null id: the next one.
        id: sql<number>`null`.as('id'),
        assetId: a.id,
        at: sql`${now.getTime()}`.as('at'),
        actor: sql`${opts.actor}`.as('actor'),
        action: sql`'imported'`.as('action'),
        changes:
          sql`json_object('kind', ${a.kind}, 'name', ${a.name}, 'model', ${a.model}, 'serial', ${a.serial},
          'location', ${a.location}, 'assignedTo', ${a.assignedTo}, 'os', ${a.os}, 'purchaseDate', ${a.purchaseDate},
          'warrantyEnd', ${a.warrantyEnd}, 'renewalDate', ${a.renewalDate}, 'seats', ${a.seats}, 'ephi', ${a.ephi},
          'status', ${a.status}, 'notes', ${a.notes})`.as('changes'),
      })
      .from(a)
      .where(
        and(
          eq(a.clientId, clientId),
          sql`not exists (select 1 from asset_changes c where c.asset_id = ${a.id})`,
        ),
      ),
  )
  const [first, ...rest] = [
    ...chunkedInserts(
      db,
      a,
      rows.map((r) => ({ ...r, clientId, createdAt: now, updatedAt: now })),
    ),
    history,
  ]
  await db.batch([first!, ...rest])
  return { imported: rows.length, errors, stored: true }
}

/** The client's assets (retired ones too) as CSV, in the columns the import reads. */
export async function exportAssetsCsv(db: Db, clientId: number): Promise<string> {
  const a = tables.assets
  const rows = await db.select().from(a).where(eq(a.clientId, clientId)).orderBy(byName, a.id)
  return toCsv(CSV_COLUMNS, rows)
}
