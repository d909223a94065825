import { Outlet } from 'react-router'
import { Toaster } from './Toaster'

// The public-site issue fills in the navigation bar; the Toaster is app-wide.
export function Layout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  )
}
