// The consultation form's payload, apart from the form: the page's action (no JavaScript) uses it
// on the server, and the form, whose code the page loads only when it is wanted (ADR 170).
import { slotInstant } from '../../schema/slot-time'

/** The API payload of the form's values: the chosen date and slot become one ISO date-time (Central time). */
export function consultationPayload({ preferredDate, preferredTime, ...rest }: Record<string, string>) {
  // Without a time the day is still sent as a valid instant (its start, Central), so the
  // server flags only the missing time, not the valid date chosen with it (issue 28).
  const instant = slotInstant(preferredDate, preferredTime) ?? slotInstant(preferredDate, '00:00')
  return { ...rest, preferredDate: instant ?? preferredDate, preferredTime }
}
