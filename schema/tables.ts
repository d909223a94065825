// The data model's one import point. Each domain's tables (with their indexes and
// inferred types) live in schema/tables-<domain>.ts, which import each other directly,
// never through this file; drizzle-kit reads those files (drizzle.config.ts).
export * from './tables-assets'
export * from './tables-auth'
export * from './tables-billing'
export * from './tables-books'
export * from './tables-clients'
export * from './tables-compliance'
export * from './tables-consultations'
export * from './tables-mail'
export * from './tables-maintenance'
export * from './tables-monitors'
export * from './tables-people'
export * from './tables-plan-late'
export * from './tables-plans'
export * from './tables-quotes'
export * from './tables-requests'
export * from './tables-site'
