import { useId, useState } from 'react'
import {
  Button,
  ComboBox,
  FieldError,
  Form,
  GridList,
  GridListItem,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components'
import { useQuery } from 'urql'
import { graphql, type ResultOf } from '../graphql'
import { ADMIN_EMPTY_STATES, ADMIN_TOASTS } from '../messages'
import { DragHandle, useReorder } from '../reorder'
import { useSave } from '../save'
import { AdminButton, AdminTextField, CANNOT_UNDO, ConfirmDialog, EmptyState, Section } from '../ui'
import { FROM_NETWORK, messageOf } from '../urql'

const SKILLS_QUERY = graphql('query AdminSkills { skills { id category name order } }')
const REORDER_SKILLS = graphql(
  'mutation ReorderSkills($category: String!, $ids: [ID!]!) { reorderSkills(category: $category, ids: $ids) { id category name order } }',
)
const CREATE_SKILL = graphql(
  'mutation CreateSkill($input: SkillInput!) { createSkill(input: $input) { id category name } }',
)
const DELETE_SKILL = graphql('mutation DeleteSkill($id: ID!) { deleteSkill(id: $id) }')

type AdminSkill = ResultOf<typeof SKILLS_QUERY>['skills'][number]

/** Skills grouped by category, in the server's order (category, then the owner's arrangement). */
export function groupByCategory(skills: AdminSkill[]) {
  const groups = new Map<string, AdminSkill[]>()
  for (const skill of skills) groups.set(skill.category, [...(groups.get(skill.category) ?? []), skill])
  return [...groups]
}

export function SkillsTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: SKILLS_QUERY })
  const [created, createSkill] = useSave(CREATE_SKILL, { failure: null })
  const [, deleteSkill] = useSave(DELETE_SKILL)
  const [, reorderSkills] = useSave(REORDER_SKILLS)
  const [category, setCategory] = useState('')
  const [name, setName] = useState('')
  const [deleting, setDeleting] = useState<AdminSkill | null>(null)
  const refresh = () => refetch(FROM_NETWORK)

  async function add() {
    const saved = await createSkill({ input: { category, name } }, ADMIN_TOASTS.skillAdded)
    if (!saved.ok) return
    setName('')
    refresh()
  }

  async function confirmDelete() {
    if (!deleting) return
    const deleted = await deleteSkill({ id: deleting.id }, ADMIN_TOASTS.skillDeleted)
    setDeleting(null)
    if (deleted.ok) refresh()
  }

  async function reorder(group: string, ids: string[]) {
    await reorderSkills({ category: group, ids })
    refresh()
  }

  const groups = groupByCategory(data?.skills ?? [])
  return (
    <Section title="Skills">
      <Form
        validationErrors={created.errors}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault()
          void add()
        }}
        className="mb-6 grid grid-cols-1 items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
        aria-label="Add a skill"
      >
        {/* One of the existing categories, or a new one typed in: a typo no longer starts a group unseen. */}
        <ComboBox
          name="category"
          inputValue={category}
          onInputChange={setCategory}
          allowsCustomValue
          isRequired
          menuTrigger="focus"
          className="flex flex-col gap-1"
        >
          <Label className="text-sm font-medium text-slate-800">
            Category
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          </Label>
          <div className="flex">
            <Input className="w-full rounded-l-md border border-slate-300 px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-blue-600" />
            <Button
              aria-label="Show categories"
              className="rounded-r-md border border-l-0 border-slate-300 px-2 text-slate-600 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600"
            >
              <span aria-hidden="true">▾</span>
            </Button>
          </div>
          <FieldError className="text-sm text-red-700" />
          <Popover className="max-h-80 min-w-[var(--trigger-width)] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <ListBox className="outline-none" items={groups.map(([group]) => ({ id: group }))}>
              {(item) => (
                <ListBoxItem
                  id={item.id}
                  textValue={item.id}
                  className="cursor-default rounded px-3 py-2 text-sm outline-none data-[focused]:bg-blue-50"
                >
                  {item.id}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
        <AdminTextField name="name" label="Skill" value={name} onChange={setName} isRequired />
        <AdminButton type="submit" className="sm:mt-6" isDisabled={created.fetching}>
          {created.fetching ? 'Adding...' : 'Add Skill'}
        </AdminButton>
      </Form>

      {fetching && !data ? (
        <p className="text-slate-600">Loading...</p>
      ) : error && !data ? (
        <p role="alert" className="text-red-700">
          {messageOf(error)}
        </p>
      ) : groups.length === 0 ? (
        <EmptyState>{ADMIN_EMPTY_STATES.skills}</EmptyState>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {groups.map(([group, skills]) => (
            <SkillGroup
              key={group}
              category={group}
              skills={skills}
              onDelete={setDeleting}
              onReorder={(ids) => void reorder(group, ids)}
            />
          ))}
        </div>
      )}
      <ConfirmDialog
        title="Delete skill?"
        message={deleting ? `"${deleting.name}" will no longer be listed on the About page.` : ''}
        undo={CANNOT_UNDO}
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Section>
  )
}

function SkillGroup({
  category,
  skills,
  onDelete,
  onReorder,
}: {
  category: string
  skills: AdminSkill[]
  onDelete: (skill: AdminSkill) => void
  onReorder: (ids: string[]) => void
}) {
  // Categories are free text: the heading's id must not be derived from them.
  const headingId = useId()
  // Drag with the handle, or with the keyboard (focus a handle, Enter, arrows, Enter).
  const dragAndDropHooks = useReorder(
    skills.map((s) => s.id),
    onReorder,
  )
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-slate-200 p-4">
      <h3 id={headingId} className="mb-2 font-semibold text-slate-900">
        {category}
      </h3>
      <GridList
        aria-labelledby={headingId}
        items={skills}
        dragAndDropHooks={dragAndDropHooks}
        className="flex flex-col gap-1"
      >
        {(s) => (
          <GridListItem
            id={s.id}
            textValue={s.name}
            className="flex items-center justify-between gap-2 rounded text-sm outline-none data-[dragging]:opacity-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600"
          >
            <span className="flex items-center gap-2">
              <DragHandle label={`Move ${s.name}`} />
              {s.name}
            </span>
            <AdminButton
              variant="ghost"
              className="px-2 py-1 text-red-700"
              aria-label={`Delete ${s.name}`}
              onPress={() => onDelete(s)}
            >
              Delete
            </AdminButton>
          </GridListItem>
        )}
      </GridList>
    </section>
  )
}
