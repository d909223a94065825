// The typed GraphQL documents of the owner's calendars and bookings feed (issue 56).
import { graphql } from '../graphql'

export const CALENDARS = graphql(
  'query Calendars { calendarSources { id name host lastSyncedAt lastAttemptAt lastError busyCount } bookingConflicts { id reference name start } calendarFeed { busyOnly includeMaintenance createdAt } }',
)
export const ADD_CALENDAR = graphql(
  'mutation AddCalendar($name: String!, $url: String!) { addCalendarSource(name: $name, url: $url) { id lastError busyCount } }',
)
export const SYNC_CALENDAR = graphql(
  'mutation SyncCalendar($id: ID!) { syncCalendarSource(id: $id) { id lastSyncedAt lastAttemptAt lastError busyCount } }',
)
export const REMOVE_CALENDAR = graphql('mutation RemoveCalendar($id: ID!) { removeCalendarSource(id: $id) }')
export const REGENERATE_FEED = graphql(
  'mutation RegenerateFeed($busyOnly: Boolean!, $includeMaintenance: Boolean!) { regenerateCalendarFeed(busyOnly: $busyOnly, includeMaintenance: $includeMaintenance) }',
)
export const STOP_FEED = graphql('mutation StopFeed { stopCalendarFeed }')
