import { useState } from 'react'
import { GridList, GridListItem } from 'react-aria-components'
import { useQuery } from 'urql'
import {
  currentCategory,
  DEFAULT_PUBLIC_STATUS,
  labelOf,
  PROJECT_CATEGORIES,
  PROJECT_STATUSES,
} from '../../../schema/constants'
import { EMPTY_STATES, TOASTS } from '../../../schema/messages'
import { primaryAction } from '../../../schema/project-card'
import { DragHandle, useReorder } from '../reorder'
import { useSave } from '../save'
import { AdminButton, CANNOT_UNDO, ConfirmDialog, ListState, Section } from '../ui'
import { FROM_NETWORK } from '../urql'
import { ProjectDialog } from './ProjectDialog'
import { type AdminProject, DELETE_PROJECT, PROJECTS_QUERY, projectsOf, REORDER_PROJECTS } from './queries'

export function ProjectsTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: PROJECTS_QUERY })
  const [, deleteProject] = useSave(DELETE_PROJECT)
  const [, reorderProjects] = useSave(REORDER_PROJECTS)
  // The order shown while a move is being saved (then the server's answer replaces it).
  const [moved, setMoved] = useState<string[] | null>(null)
  // null: closed; 'new': adding; a project: editing it.
  const [editing, setEditing] = useState<AdminProject | 'new' | null>(null)
  const [deleting, setDeleting] = useState<AdminProject | null>(null)
  const [deletePending, setDeletePending] = useState(false)
  const refresh = () => refetch(FROM_NETWORK)

  async function confirmDelete() {
    if (!deleting) return
    setDeletePending(true)
    const deleted = await deleteProject({ id: deleting.id }, TOASTS.projectDeleted)
    setDeletePending(false)
    setDeleting(null)
    if (deleted.ok) refresh()
  }

  const fetched = projectsOf(data)
  const projects = moved
    ? moved.map((id) => fetched.find((p) => p.id === id)).filter((p): p is AdminProject => p !== undefined)
    : fetched

  async function saveOrder(ids: string[]) {
    setMoved(ids)
    await reorderProjects(
      { ids },
      { title: 'Order saved', description: 'The catalogue shows the projects in this order.' },
    )
    setMoved(null)
  }

  // Drag with the handle, or with the keyboard: focus a handle, Enter, arrows, Enter (react-aria).
  const dragAndDropHooks = useReorder(
    projects.map((p) => p.id),
    (ids) => void saveOrder(ids),
  )

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
        <GridList
          aria-label="Projects"
          items={projects}
          dragAndDropHooks={dragAndDropHooks}
          className="divide-y divide-slate-200"
        >
          {(p) => (
            <GridListItem
              id={p.id}
              textValue={p.title}
              className="flex flex-col gap-3 py-4 outline-none data-[dragging]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="flex min-w-0 items-start gap-3">
                <DragHandle label={`Move ${p.title}`} className="mt-0.5" />
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900">{p.title}</h3>
                  <p className="line-clamp-2 text-sm text-slate-600">{p.description}</p>
                  <p className="mt-1 flex flex-wrap gap-2 text-xs">
                    <span className="rounded bg-slate-100 px-2 py-0.5">
                      {labelOf(PROJECT_CATEGORIES, currentCategory(p.category))}
                    </span>
                    <span className="rounded bg-blue-50 px-2 py-0.5 text-blue-800">
                      {labelOf(PROJECT_STATUSES, p.status ?? DEFAULT_PUBLIC_STATUS)}
                    </span>
                    {!p.isPublic && (
                      // What the visitor sees (SPEC §2): a project not ticked Public stays in the
                      // catalogue with its own page, offering "Contact for Access" (issue 28).
                      <span className="rounded bg-amber-50 px-2 py-0.5 text-amber-800">
                        {primaryAction(p).kind === 'access'
                          ? 'Contact for access'
                          : `Not public: still shows ${primaryAction(p).label}`}
                      </span>
                    )}
                    {p.featured && (
                      <span className="rounded bg-green-50 px-2 py-0.5 text-green-800">Featured</span>
                    )}
                  </p>
                </div>
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
            </GridListItem>
          )}
        </GridList>
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
        undo={`${CANNOT_UNDO} Its images stay under Files.`}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        isPending={deletePending}
      />
    </Section>
  )
}
