import { Navigate } from 'react-router'

// Any other /admin/... address goes to the overview.
export default function AdminElsewhere() {
  return <Navigate to="/admin" replace />
}
