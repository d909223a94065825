import { type Key, Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { useLocation, useNavigate } from 'react-router'
import { Provider } from 'urql'
import { ConsultationsTab } from './ConsultationsTab'
import { ContentTab } from './content/ContentTab'
import { FilesTab } from './files/FilesTab'
import { ProjectsTab } from './projects/ProjectsTab'
import { PendingBadge } from './requests/PendingBadge'
import { ResumesTab } from './resumes/ResumesTab'
import { SkillsTab } from './skills/SkillsTab'
import { useAdminClient } from './urql'

// The six tabs (SPEC §2). The original's files panel listened to "files" while
// its trigger said "uploads", so it could never be opened; here one id serves
// both. The selected tab lives in the URL (?tab=files) so a reload keeps it.
export const ADMIN_TABS = [
  { id: 'projects', label: 'Projects', Panel: ProjectsTab },
  { id: 'skills', label: 'Skills', Panel: SkillsTab },
  { id: 'files', label: 'Files', Panel: FilesTab },
  { id: 'resumes', label: 'Resumes', Panel: ResumesTab },
  { id: 'consultations', label: 'Consultations', Panel: ConsultationsTab },
  { id: 'content', label: 'Content', Panel: ContentTab },
] as const
type TabId = (typeof ADMIN_TABS)[number]['id']

const isTabId = (value: string | null): value is TabId => ADMIN_TABS.some((t) => t.id === value)

export function AdminTabs() {
  const client = useAdminClient()
  // useLocation/useNavigate rather than useSearchParams: the public entry chunk
  // already carries them, so the admin adds nothing to the public JS budget.
  const location = useLocation()
  const navigate = useNavigate()
  const tab = new URLSearchParams(location.search).get('tab')
  const selected: TabId = isTabId(tab) ? tab : 'projects'

  const select = (key: Key) => {
    const params = new URLSearchParams(location.search)
    params.set('tab', String(key))
    // Each tab is a history entry (issue 16): Back returns to the previous tab, not out of the admin.
    navigate({ search: `?${params}` })
  }

  return (
    <Provider value={client}>
      <Tabs selectedKey={selected} onSelectionChange={select} className="flex flex-col gap-6">
        <TabList
          aria-label="Admin sections"
          className="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 sm:grid-cols-6"
        >
          {ADMIN_TABS.map(({ id, label }) => (
            <Tab
              key={id}
              id={id}
              className="flex cursor-default items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 data-[hovered]:text-slate-900 data-[selected]:bg-white data-[selected]:text-slate-900 data-[selected]:shadow-sm"
            >
              {label}
              {id === 'consultations' && <PendingBadge />}
            </Tab>
          ))}
        </TabList>
        {ADMIN_TABS.map(({ id, Panel }) => (
          <TabPanel
            key={id}
            id={id}
            className="outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600"
          >
            <Panel />
          </TabPanel>
        ))}
      </Tabs>
    </Provider>
  )
}
