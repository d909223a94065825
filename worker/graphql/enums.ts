// The GraphQL enums, each registered once from schema/graphql-enums.ts.
import { enumOf } from './builder'

export const ProjectStatusEnum = enumOf('ProjectStatus')
export const ProjectCategoryEnum = enumOf('ProjectCategory')
export const ContentTypeEnum = enumOf('ContentType')
export const RequestStatusEnum = enumOf('RequestStatus')
export const DeliveryEnum = enumOf('Delivery')
export const ProjectTypeEnum = enumOf('ProjectType')
export const BudgetEnum = enumOf('Budget')
export const TimeSlotEnum = enumOf('TimeSlot')
export const IssueTypeEnum = enumOf('IssueType')
export const UrgencyEnum = enumOf('Urgency')
export const ContactMethodEnum = enumOf('ContactMethod')
export const ContactTimeEnum = enumOf('ContactTime')
export const SupportStatusEnum = enumOf('SupportStatus')
export const ReplyDeliveryEnum = enumOf('ReplyDelivery')
export const PlanRolloverEnum = enumOf('PlanRollover')
export const SubscriptionStatusEnum = enumOf('SubscriptionStatus')
