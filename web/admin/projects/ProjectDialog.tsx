import { type ReactNode, useEffect, useState } from 'react'
import { Form } from 'react-aria-components'
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '../../../schema/constants'
import { TOASTS } from '../../../schema/messages'
import { ImagePicker } from '../files/ImagePicker'
import { useSave } from '../save'
import { AdminButton, AdminCheckbox, AdminDialog, AdminSelect, AdminTextField, ConfirmDialog } from '../ui'
import { formValuesFrom, isDirty, type ProjectFormValues, toProjectPayload } from './form'
import { type AdminProject, CREATE_PROJECT, projectInputOf, UPDATE_PROJECT } from './queries'

/**
 * Add Project and Edit Project: every field of SPEC §3, in sections (basics,
 * story, links, media, visibility). The server validates (title, description,
 * category and status are required there, and only those carry the required
 * mark) and its field messages are shown beside the fields through
 * react-aria's Form. Closing with unsaved edits (Escape, the backdrop, Cancel)
 * asks first, and so does leaving the page.
 */
export function ProjectDialog({
  project,
  isOpen,
  onOpenChange,
  onSaved,
}: {
  /** The project to edit; absent to add a new one. */
  project?: AdminProject
  isOpen: boolean
  onOpenChange: (open: boolean) => void
  onSaved: () => void
}) {
  const [initial] = useState<ProjectFormValues>(() => formValuesFrom(project))
  const [values, setValues] = useState<ProjectFormValues>(initial)
  const [confirming, setConfirming] = useState(false)
  const dirty = isDirty(initial, values)

  // Leaving the page (reload, closing the tab, typing an address) with unsaved edits asks the browser's question.
  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  return (
    <>
      <AdminDialog
        title={project ? 'Edit Project' : 'Add Project'}
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (!open && dirty) setConfirming(true)
          else onOpenChange(open)
        }}
        size="lg"
      >
        <ProjectForm
          project={project}
          values={values}
          setValues={setValues}
          onCancel={() => (dirty ? setConfirming(true) : onOpenChange(false))}
          onSaved={() => {
            onSaved()
            onOpenChange(false)
          }}
        />
      </AdminDialog>
      <ConfirmDialog
        title="Discard unsaved changes?"
        message="Your edits to this project have not been saved."
        confirmLabel="Discard"
        isOpen={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => {
          setConfirming(false)
          onOpenChange(false)
        }}
      />
    </>
  )
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid grid-cols-1 gap-4 border-t border-slate-200 pt-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="pr-2 text-base font-semibold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  )
}

/** The project's links (SPEC §3 labels), each an http(s) address. */
const LINK_FIELDS = [
  ['liveUrl', 'Live URL'],
  ['demoUrl', 'Demo URL'],
  ['githubUrl', 'GitHub URL'],
] as const satisfies readonly (readonly [keyof ProjectFormValues, string])[]

function ProjectForm({
  project,
  values,
  setValues,
  onCancel,
  onSaved,
}: {
  project?: AdminProject
  values: ProjectFormValues
  setValues: (update: (v: ProjectFormValues) => ProjectFormValues) => void
  onCancel: () => void
  onSaved: () => void
}) {
  const [formError, setFormError] = useState<string | null>(null)
  // A refusal without field messages is said above the buttons, not in a toast.
  const [created, create] = useSave(CREATE_PROJECT, { failure: null })
  const [updated, update] = useSave(UPDATE_PROJECT, { failure: null })
  const pending = created.fetching || updated.fetching
  const serverErrors = (project ? updated : created).errors
  const set =
    <K extends keyof ProjectFormValues>(key: K) =>
    (value: ProjectFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }))
  const setMetric = (index: number, field: 'label' | 'value', value: string) =>
    setValues((v) => ({
      ...v,
      metrics: v.metrics.map((m, i) => (i === index ? { ...m, [field]: value } : m)),
    }))
  const setTestimonial = (field: 'quote' | 'author' | 'role') => (value: string) =>
    setValues((v) => ({ ...v, testimonial: { ...v.testimonial, [field]: value } }))

  async function submit() {
    setFormError(null)
    const input = projectInputOf(toProjectPayload(values))
    const saved = project
      ? await update({ id: project.id, input }, TOASTS.projectUpdated)
      : await create({ input }, TOASTS.projectCreated)
    if (saved.ok) onSaved()
    else if (Object.keys(saved.errors).length === 0) setFormError(saved.message)
  }

  return (
    <Form
      validationErrors={serverErrors}
      // Required marks are shown, but the server is the judge (SPEC §5: no client check).
      validationBehavior="aria"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
      className="grid grid-cols-1 gap-6 sm:grid-cols-2"
    >
      <p className="text-xs text-slate-600 sm:col-span-2">
        Fields marked <span className="text-red-700">*</span> are required.
      </p>
      <FormSection title="Basics">
        <AdminTextField name="title" label="Title" value={values.title} onChange={set('title')} isRequired />
        <AdminTextField
          name="slug"
          label="Page address (slug)"
          description={`/portfolio-solutions/${values.slug || '(from the title)'}; an old address redirects here`}
          value={values.slug}
          onChange={set('slug')}
        />
        <AdminSelect
          name="category"
          label="Category"
          options={PROJECT_CATEGORIES}
          value={values.category}
          onChange={set('category')}
          isRequired
        />
        <AdminSelect
          name="status"
          label="Status"
          options={PROJECT_STATUSES}
          value={values.status}
          onChange={set('status')}
          isRequired
        />
        <AdminTextField
          name="description"
          label="Description"
          value={values.description}
          onChange={set('description')}
          multiline
          isRequired
          className="sm:col-span-2"
        />
        <AdminTextField
          name="technologies"
          label="Technologies"
          description="Comma-separated, e.g. React, D1, Workers"
          value={values.technologies}
          onChange={set('technologies')}
          className="sm:col-span-2"
        />
      </FormSection>

      <FormSection title="Story">
        <AdminTextField
          name="problemSolved"
          label="Problem Solved"
          value={values.problemSolved}
          onChange={set('problemSolved')}
          multiline
        />
        <AdminTextField
          name="businessValue"
          label="Business Value"
          value={values.businessValue}
          onChange={set('businessValue')}
          multiline
        />
        <AdminTextField
          name="keyFeatures"
          label="Key Features"
          description="Comma-separated"
          value={values.keyFeatures}
          onChange={set('keyFeatures')}
          className="sm:col-span-2"
        />
        <AdminTextField
          name="targetAudience"
          label="Target Audience"
          value={values.targetAudience}
          onChange={set('targetAudience')}
          className="sm:col-span-2"
        />
        <div className="flex flex-col gap-2 sm:col-span-2" role="group" aria-labelledby="metrics-label">
          <p id="metrics-label" className="text-sm font-medium text-slate-800">
            Metrics
          </p>
          {serverErrors.metrics && (
            <p role="alert" className="text-sm text-red-700">
              {serverErrors.metrics}
            </p>
          )}
          {values.metrics.map((metric, index) => (
            <div key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
              <AdminTextField
                name={`metrics.${index}.label`}
                label={`Metric ${index + 1} label`}
                value={metric.label}
                onChange={(v) => setMetric(index, 'label', v)}
              />
              <AdminTextField
                name={`metrics.${index}.value`}
                label={`Metric ${index + 1} value`}
                value={metric.value}
                onChange={(v) => setMetric(index, 'value', v)}
              />
              <AdminButton
                variant="ghost"
                aria-label={`Remove metric ${index + 1}`}
                onPress={() => setValues((v) => ({ ...v, metrics: v.metrics.filter((_, i) => i !== index) }))}
              >
                Remove
              </AdminButton>
            </div>
          ))}
          <AdminButton
            variant="secondary"
            onPress={() => setValues((v) => ({ ...v, metrics: [...v.metrics, { label: '', value: '' }] }))}
          >
            Add metric
          </AdminButton>
        </div>
        <AdminTextField
          name="testimonial"
          label="Testimonial quote"
          value={values.testimonial.quote}
          onChange={setTestimonial('quote')}
          multiline
          className="sm:col-span-2"
        />
        <AdminTextField
          name="testimonialAuthor"
          label="Testimonial author"
          value={values.testimonial.author}
          onChange={setTestimonial('author')}
        />
        <AdminTextField
          name="testimonialRole"
          label="Testimonial author's role"
          value={values.testimonial.role}
          onChange={setTestimonial('role')}
        />
      </FormSection>

      <FormSection title="Links">
        {LINK_FIELDS.map(([name, label]) => (
          <AdminTextField
            key={name}
            name={name}
            label={label}
            value={values[name]}
            onChange={set(name)}
            type="url"
          />
        ))}
      </FormSection>

      <FormSection title="Media">
        <div className="sm:col-span-2">
          <ImagePicker name="image" label="Image URL" value={values.image} onChange={set('image')} />
        </div>
      </FormSection>

      <FormSection title="Visibility">
        <div className="flex flex-wrap items-center gap-6 sm:col-span-2">
          <AdminCheckbox name="isPublic" isSelected={values.isPublic} onChange={set('isPublic')}>
            Public
          </AdminCheckbox>
          <AdminCheckbox name="featured" isSelected={values.featured} onChange={set('featured')}>
            Featured
          </AdminCheckbox>
        </div>
        <p id="public-help" className="text-xs text-slate-600 sm:col-span-2">
          Not public: the project still shows in the catalogue and on its own page, but offers "Contact for
          Access" instead of its demo link (a Live &amp; Ready project with a live URL still shows that link).
        </p>
        <AdminTextField
          name="order"
          label="Order"
          description="Blank places a new project last; drag projects in the list to rearrange"
          value={values.order}
          onChange={set('order')}
        />
      </FormSection>

      {formError && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {formError}
        </p>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <AdminButton variant="secondary" onPress={onCancel}>
          Cancel
        </AdminButton>
        <AdminButton type="submit" isDisabled={pending}>
          {project ? (pending ? 'Saving...' : 'Save Changes') : pending ? 'Creating...' : 'Create Project'}
        </AdminButton>
      </div>
    </Form>
  )
}
