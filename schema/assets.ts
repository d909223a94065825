// The words of the clients' IT inventory (issue 38): asset kinds, statuses and
// the ePHI answer, each an `as const` list with its labels. The services, the
// payload schemas, GraphQL, the admin and the portal import them from here;
// the database refuses any other value (triggers of the assets migration). A
// module without imports, so the browser's pages can use it.

export const ASSET_KINDS = [
  'workstation',
  'laptop',
  'server',
  'network',
  'printer',
  'phone',
  'software_licence',
  'domain',
  'certificate',
  'cloud_service',
  'other',
] as const
export type AssetKind = (typeof ASSET_KINDS)[number]

export const ASSET_KIND_LABELS: Record<AssetKind, string> = {
  workstation: 'Workstation',
  laptop: 'Laptop',
  server: 'Server',
  network: 'Network',
  printer: 'Printer',
  phone: 'Phone',
  software_licence: 'Software licence',
  domain: 'Domain',
  certificate: 'Certificate',
  cloud_service: 'Cloud service',
  other: 'Other',
}

/** Kinds whose renewal date is the thing that expires (a licence, a domain, a certificate, a subscription). */
export const RENEWING_KINDS = [
  'software_licence',
  'domain',
  'certificate',
  'cloud_service',
] as const satisfies readonly AssetKind[]

export const ASSET_STATUSES = ['in_use', 'spare', 'retired'] as const
export type AssetStatus = (typeof ASSET_STATUSES)[number]

export const ASSET_STATUS_LABELS: Record<AssetStatus, string> = {
  in_use: 'In use',
  spare: 'Spare',
  retired: 'Retired',
}

/** Does the asset store or process patient data (electronic protected health information)? */
export const EPHI_ANSWERS = ['yes', 'no', 'unknown'] as const
export type EphiAnswer = (typeof EPHI_ANSWERS)[number]

export const EPHI_LABELS: Record<EphiAnswer, string> = {
  yes: 'Yes',
  no: 'No',
  unknown: 'Unknown',
}

/** What of an asset expires: its warranty, or its renewal (licence, domain, certificate). */
/**
 * Each field of an asset as a person reads it: the asset page, its history
 * and the CSV import's errors say "Renewal date", never "renewalDate"
 * (issue 52.7). The CSV's own header keeps the field names, which the import
 * matches back (spaces and case ignored, so these labels work as a header too).
 */
export const ASSET_FIELD_LABELS: Record<string, string> = {
  kind: 'Kind',
  name: 'Name',
  model: 'Model',
  serial: 'Serial',
  location: 'Location',
  assignedTo: 'Assigned to',
  os: 'Operating system',
  purchaseDate: 'Purchase date',
  warrantyEnd: 'Warranty end',
  renewalDate: 'Renewal date',
  seats: 'Seats',
  ephi: 'Stores patient data (ePHI)',
  status: 'Status',
  notes: 'Internal notes',
  clientId: 'Client',
  client: 'Client',
  file: 'File',
  row: 'Row',
}

/** A field's label; an unknown field as it is. */
export const assetFieldLabel = (field: string): string => ASSET_FIELD_LABELS[field] ?? field

export const RENEWAL_WHATS = ['warranty', 'renewal'] as const
export type RenewalWhat = (typeof RENEWAL_WHATS)[number]
