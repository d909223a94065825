import { Navigate, useLocation } from 'react-router'
import { adminMeta, adminScreen } from '../admin/route'

// /admin/requests/<reference> (issue 52): one request or booking, C-1002 or S-1003, opened in the list.
export const meta = adminMeta('Request')

// The reference from the path with useLocation, which the public pages already ship (see admin.quotes_.$id.tsx).
function Request({ Tab }: { Tab: typeof import('../admin/ConsultationsTab').ConsultationsTab }) {
  const reference = /^\/admin\/requests\/([A-Za-z]-\d+)\/?$/.exec(useLocation().pathname)?.[1]
  return reference ? <Tab reference={reference} /> : <Navigate to="/admin/requests" replace />
}

export default adminScreen(
  import.meta.env.SSR
    ? null
    : () =>
        import('../admin/ConsultationsTab').then((m) => ({
          default: () => <Request Tab={m.ConsultationsTab} />,
        })),
  'Requests',
)
