// The slot arithmetic lives in schema/slot-time.ts, shared with the Worker's availability rules.
export { businessToday, formatSlotTime, slotInstant } from '../../schema/slot-time'
