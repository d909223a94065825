// The Maintenance area (/admin/maintenance, issue 40): due and overdue tasks
// first, then the schedules and the form to add one from a template.
import { OwnerPage } from '../OwnerPage'
import { MaintenancePage } from './MaintenancePage'

export function MaintenanceScreen() {
  return (
    <OwnerPage
      title="Maintenance"
      description={() => 'Recurring checklists per client: due, overdue and done'}
    >
      <MaintenancePage />
    </OwnerPage>
  )
}
