// The admin panel's six tabs (the admin issue builds them out).
export function AdminTabs() {
  return null
}
