import { useId, useState } from 'react'
import { Form } from 'react-aria-components'
import { useMutation, useQuery } from 'urql'
import { ERRORS } from '../../../schema/messages'
import { toast } from '../../components/Toaster'
import { graphql, type ResultOf } from '../graphql'
import { ADMIN_EMPTY_STATES, ADMIN_TOASTS } from '../messages'
import { AdminButton, AdminTextField, ConfirmDialog, EmptyState, Section } from '../ui'
import { FROM_NETWORK, fieldErrorsOf, messageOf } from '../urql'

const SKILLS_QUERY = graphql('query AdminSkills { skills { id category name } }')
const CREATE_SKILL = graphql(
  'mutation CreateSkill($input: SkillInput!) { createSkill(input: $input) { id category name } }',
)
const DELETE_SKILL = graphql('mutation DeleteSkill($id: ID!) { deleteSkill(id: $id) }')

type AdminSkill = ResultOf<typeof SKILLS_QUERY>['skills'][number]

/** Skills grouped by category, in the server's order (category, then name). */
export function groupByCategory(skills: AdminSkill[]) {
  const groups = new Map<string, AdminSkill[]>()
  for (const skill of skills) groups.set(skill.category, [...(groups.get(skill.category) ?? []), skill])
  return [...groups]
}

export function SkillsTab() {
  const [{ data, fetching, error }, refetch] = useQuery({ query: SKILLS_QUERY })
  const [created, createSkill] = useMutation(CREATE_SKILL)
  const [, deleteSkill] = useMutation(DELETE_SKILL)
  const [category, setCategory] = useState('')
  const [name, setName] = useState('')
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [deleting, setDeleting] = useState<AdminSkill | null>(null)
  const refresh = () => refetch(FROM_NETWORK)

  async function add() {
    const result = await createSkill({ input: { category, name } })
    if (result.error) {
      setServerErrors(fieldErrorsOf(result.error))
      return
    }
    setServerErrors({})
    setName('')
    toast(ADMIN_TOASTS.skillAdded)
    refresh()
  }

  async function confirmDelete() {
    if (!deleting) return
    const result = await deleteSkill({ id: deleting.id })
    setDeleting(null)
    if (result.error) {
      toast({ title: ERRORS.errorTitle, description: messageOf(result.error), variant: 'destructive' })
      return
    }
    toast(ADMIN_TOASTS.skillDeleted)
    refresh()
  }

  const groups = groupByCategory(data?.skills ?? [])
  return (
    <Section title="Skills">
      <Form
        validationErrors={serverErrors}
        validationBehavior="aria"
        onSubmit={(e) => {
          e.preventDefault()
          void add()
        }}
        className="mb-6 grid grid-cols-1 items-start gap-3 sm:grid-cols-[1fr_1fr_auto]"
        aria-label="Add a skill"
      >
        <AdminTextField name="category" label="Category" value={category} onChange={setCategory} isRequired />
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
            <SkillGroup key={group} category={group} skills={skills} onDelete={setDeleting} />
          ))}
        </div>
      )}
      <ConfirmDialog
        title="Delete skill?"
        message={deleting ? `"${deleting.name}" will no longer be listed on the About page.` : ''}
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
}: {
  category: string
  skills: AdminSkill[]
  onDelete: (skill: AdminSkill) => void
}) {
  // Categories are free text: the heading's id must not be derived from them.
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-slate-200 p-4">
      <h3 id={headingId} className="mb-2 font-semibold text-slate-900">
        {category}
      </h3>
      <ul className="flex flex-col gap-1">
        {skills.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-2 text-sm">
            <span>{s.name}</span>
            <AdminButton
              variant="ghost"
              className="px-2 py-1 text-red-700"
              aria-label={`Delete ${s.name}`}
              onPress={() => onDelete(s)}
            >
              Delete
            </AdminButton>
          </li>
        ))}
      </ul>
    </section>
  )
}
