// The Plans screen (/admin/plans, issue 37): the plans list and editor inside
// the owner's frame, with the screen's heading like the other billing screens.
import { OwnerPage } from '../OwnerPage'
import { PlansPage } from './PlansPage'

export function PlansScreen() {
  return (
    <OwnerPage
      title="Plans"
      description={() => 'Monthly IT-support plans: the fee, included hours, overage and SLA'}
    >
      <PlansPage />
    </OwnerPage>
  )
}
