import { Outlet } from 'react-router'

export function Layout() {
  return <Outlet />
}
