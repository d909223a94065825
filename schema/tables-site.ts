// The public site's content (projects, skills, resumes, uploads, page text) and its insights counts.
import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { timestamps } from './timestamps'

export const projects = sqliteTable(
  'projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    // The page's address, /portfolio-solutions/{slug}: generated from the title, editable, unique.
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    category: text('category').notNull().default('other'),
    businessValue: text('business_value'),
    keyFeatures: text('key_features', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    problemSolved: text('problem_solved'),
    targetAudience: text('target_audience'),
    // Nullable on purpose: legacy rows without a status show as production.
    status: text('status'),
    image: text('image'),
    technologies: text('technologies', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    liveUrl: text('live_url'),
    githubUrl: text('github_url'),
    demoUrl: text('demo_url'),
    isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(true),
    featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
    order: integer('sort_order').notNull().default(0),
    // Label/value pairs ("Documentation time", "-70%"); migrated from free text (0008).
    metrics: text('metrics', { mode: 'json' }).$type<ProjectMetric[]>().notNull().default(sql`'[]'`),
    testimonial: text('testimonial', { mode: 'json' }).$type<ProjectTestimonial | null>(),
    ...timestamps,
  },
  (t) => [index('projects_order_idx').on(t.order, t.createdAt)],
)

export type ProjectMetric = { label: string; value: string }
export type ProjectTestimonial = { quote: string; author: string; role: string }

// Slugs a project had before it was renamed: their pages answer 301 to the current slug.
export const projectSlugHistory = sqliteTable(
  'project_slug_history',
  {
    slug: text('slug').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('project_slug_history_project_idx').on(t.projectId)],
)

export const resumes = sqliteTable('resumes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  originalName: text('original_name').notNull(),
  mimeType: text('mime_type').notNull(),
  fileSize: integer('file_size').notNull(),
  objectKey: text('object_key').notNull(),
  isActive: integer('is_active', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
})

export const uploadedFiles = sqliteTable('uploaded_files', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  originalName: text('original_name').notNull(),
  mimetype: text('mimetype').notNull(),
  size: integer('size').notNull(),
  objectKey: text('object_key').notNull(),
  // A public image (raster, uploaded for a project or a content block) is served
  // to anyone from /media/{key}; every other file stays owner-only.
  isPublic: integer('is_public', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
})

export const pageContent = sqliteTable('page_content', {
  key: text('key').primaryKey(),
  content: text('content').notNull(),
  contentType: text('content_type').notNull().default('text'),
  ...timestamps,
})

export const skills = sqliteTable('skills', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  category: text('category').notNull(),
  name: text('name').notNull(),
  // Position within its category (drag-and-drop in the admin).
  order: integer('sort_order').notNull().default(0),
  ...timestamps,
})

// Insights (issue 18, docs/decisions/061-cookieless-insights.md): counts per
// day, kind and key, and nothing else: no visitor, address or user agent is
// ever stored, so there is no per-visitor row to protect or erase.
// kind: 'view' (key: path), 'referrer' (host), 'campaign' (source/medium/campaign),
// 'device' (mobile | tablet | desktop), 'country', 'filter' (category),
// 'project' (project id), 'resume' (''), 'form' (form:step), 'field' (form:field refused).
export const insightsDaily = sqliteTable(
  'insights_daily',
  {
    day: text('day').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
)

export type Project = typeof projects.$inferSelect
export type NewProject = typeof projects.$inferInsert
export type Resume = typeof resumes.$inferSelect
export type UploadedFile = typeof uploadedFiles.$inferSelect
export type PageContent = typeof pageContent.$inferSelect
export type Skill = typeof skills.$inferSelect
export type InsightsRow = typeof insightsDaily.$inferSelect
