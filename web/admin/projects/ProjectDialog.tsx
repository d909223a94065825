import { useState } from 'react'
import { Form } from 'react-aria-components'
import { useMutation } from 'urql'
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '../../../schema/constants'
import { TOASTS } from '../../../schema/messages'
import { toast } from '../../components/Toaster'
import { AdminButton, AdminCheckbox, AdminDialog, AdminSelect, AdminTextField } from '../ui'
import { fieldErrorsOf, messageOf } from '../urql'
import { formValuesFrom, type ProjectFormValues, toProjectPayload } from './form'
import { type AdminProject, CREATE_PROJECT, projectInputOf, UPDATE_PROJECT } from './queries'

/**
 * Add Project and Edit Project: every field of SPEC §3. The server validates
 * (title, description, category and status are required there) and its field
 * messages are shown beside the fields through react-aria's Form.
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
  return (
    <AdminDialog
      title={project ? 'Edit Project' : 'Add Project'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
    >
      {(close) => (
        <ProjectForm
          project={project}
          onCancel={close}
          onSaved={() => {
            onSaved()
            close()
          }}
        />
      )}
    </AdminDialog>
  )
}

function ProjectForm({
  project,
  onCancel,
  onSaved,
}: {
  project?: AdminProject
  onCancel: () => void
  onSaved: () => void
}) {
  const [values, setValues] = useState<ProjectFormValues>(() => formValuesFrom(project))
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [created, create] = useMutation(CREATE_PROJECT)
  const [updated, update] = useMutation(UPDATE_PROJECT)
  const pending = created.fetching || updated.fetching
  const set =
    <K extends keyof ProjectFormValues>(key: K) =>
    (value: ProjectFormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }))

  async function submit() {
    setFormError(null)
    const input = projectInputOf(toProjectPayload(values))
    const result = project ? await update({ id: project.id, input }) : await create({ input })
    if (result.error) {
      const errors = fieldErrorsOf(result.error)
      setServerErrors(errors)
      if (Object.keys(errors).length === 0) setFormError(messageOf(result.error))
      return
    }
    toast(project ? TOASTS.projectUpdated : TOASTS.projectCreated)
    onSaved()
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
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <AdminTextField name="title" label="Title" value={values.title} onChange={set('title')} isRequired />
      <AdminSelect
        name="category"
        label="Category"
        options={PROJECT_CATEGORIES}
        value={values.category}
        onChange={set('category')}
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
      <AdminSelect
        name="status"
        label="Status"
        options={PROJECT_STATUSES}
        value={values.status}
        onChange={set('status')}
        isRequired
      />
      <AdminTextField
        name="image"
        label="Image URL"
        value={values.image}
        onChange={set('image')}
        type="url"
        isRequired
      />
      <AdminTextField
        name="technologies"
        label="Technologies"
        description="Comma-separated, e.g. React, D1, Workers"
        value={values.technologies}
        onChange={set('technologies')}
        isRequired
        className="sm:col-span-2"
      />
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
      <AdminTextField
        name="liveUrl"
        label="Live URL"
        value={values.liveUrl}
        onChange={set('liveUrl')}
        type="url"
      />
      <AdminTextField
        name="demoUrl"
        label="Demo URL"
        value={values.demoUrl}
        onChange={set('demoUrl')}
        type="url"
      />
      <AdminTextField
        name="githubUrl"
        label="GitHub URL"
        value={values.githubUrl}
        onChange={set('githubUrl')}
        type="url"
      />
      <AdminTextField name="order" label="Order" value={values.order} onChange={set('order')} />
      <AdminTextField
        name="metrics"
        label="Metrics"
        value={values.metrics}
        onChange={set('metrics')}
        multiline
      />
      <AdminTextField
        name="testimonial"
        label="Testimonial"
        value={values.testimonial}
        onChange={set('testimonial')}
        multiline
      />
      <div className="flex flex-wrap gap-6 sm:col-span-2">
        <AdminCheckbox name="isPublic" isSelected={values.isPublic} onChange={set('isPublic')}>
          Public
        </AdminCheckbox>
        <AdminCheckbox name="featured" isSelected={values.featured} onChange={set('featured')}>
          Featured
        </AdminCheckbox>
      </div>
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
