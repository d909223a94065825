import { useState } from 'react'
import { useMutation, useQuery } from 'urql'
import {
  DEFAULT_PUBLIC_STATUS,
  LEGACY_CATEGORY_ALIASES,
  labelOf,
  PROJECT_CATEGORIES,
  PROJECT_STATUSES,
} from '../../../schema/constants'
import { EMPTY_STATES, ERRORS, TOASTS } from '../../../schema/messages'
import { toast } from '../../components/Toaster'
import { AdminButton, ConfirmDialog, ListState, Section } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'
import { ProjectDialog } from './ProjectDialog'
import { type AdminProject, DELETE_PROJECT, PROJECTS_QUERY, projectsOf } from './queries'

export function ProjectsTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: PROJECTS_QUERY })
  const [, deleteProject] = useMutation(DELETE_PROJECT)
  // null: closed; 'new': adding; a project: editing it.
  const [editing, setEditing] = useState<AdminProject | 'new' | null>(null)
  const [deleting, setDeleting] = useState<AdminProject | null>(null)
  const [deletePending, setDeletePending] = useState(false)
  const refresh = () => refetch(FROM_NETWORK)

  async function confirmDelete() {
    if (!deleting) return
    setDeletePending(true)
    const result = await deleteProject({ id: deleting.id })
    setDeletePending(false)
    setDeleting(null)
    if (result.error) {
      toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
      return
    }
    toast(TOASTS.projectDeleted)
    refresh()
  }

  const projects = projectsOf(data)
  return (
    <Section
      title="Projects"
      actions={
        <AdminButton onPress={() => setEditing('new')}>
          <span aria-hidden="true">+</span> Add Project
        </AdminButton>
      }
    >
      <ListState
        loading={fetching && !data}
        error={data ? undefined : error}
        empty={projects.length === 0}
        emptyText={EMPTY_STATES.projects}
      >
        <ul className="divide-y divide-slate-200" aria-label="Projects">
          {projects.map((p) => (
            <li key={p.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900">{p.title}</h3>
                <p className="line-clamp-2 text-sm text-slate-600">{p.description}</p>
                <p className="mt-1 flex flex-wrap gap-2 text-xs">
                  <span className="rounded bg-slate-100 px-2 py-0.5">
                    {labelOf(PROJECT_CATEGORIES, LEGACY_CATEGORY_ALIASES[p.category] ?? p.category)}
                  </span>
                  <span className="rounded bg-blue-50 px-2 py-0.5 text-blue-800">
                    {labelOf(PROJECT_STATUSES, p.status ?? DEFAULT_PUBLIC_STATUS)}
                  </span>
                  {!p.isPublic && (
                    <span className="rounded bg-amber-50 px-2 py-0.5 text-amber-800">Hidden</span>
                  )}
                  {p.featured && (
                    <span className="rounded bg-green-50 px-2 py-0.5 text-green-800">Featured</span>
                  )}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <AdminButton variant="secondary" onPress={() => setEditing(p)} aria-label={`Edit ${p.title}`}>
                  Edit
                </AdminButton>
                <AdminButton
                  variant="destructive"
                  onPress={() => setDeleting(p)}
                  aria-label={`Delete ${p.title}`}
                >
                  Delete
                </AdminButton>
              </div>
            </li>
          ))}
        </ul>
      </ListState>

      {editing !== null && (
        <ProjectDialog
          // A new key per project, so the form starts from that project's values.
          key={editing === 'new' ? 'new' : editing.id}
          project={editing === 'new' ? undefined : editing}
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={() => {
            refresh()
          }}
        />
      )}
      <ConfirmDialog
        title="Delete project?"
        message={deleting ? `"${deleting.title}" will be removed from the portfolio.` : ''}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        isPending={deletePending}
      />
    </Section>
  )
}
