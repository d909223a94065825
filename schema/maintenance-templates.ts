// Seeded maintenance templates (issue 40), offered when the owner creates a
// schedule: a title, a recurrence and a checklist to start from, all editable.
// A module without imports beyond the words, so the admin's form can use it.
import type { MaintenanceFreq } from './maintenance'

export type MaintenanceTemplate = {
  key: string
  title: string
  freq: MaintenanceFreq
  estimatedMinutes: number
  checklist: string[]
}

export const MAINTENANCE_TEMPLATES: readonly MaintenanceTemplate[] = [
  {
    key: 'patch-review',
    title: 'Monthly patch review',
    freq: 'monthly',
    estimatedMinutes: 60,
    checklist: [
      'Review pending Windows and macOS updates on every workstation',
      'Check server and firewall firmware for security releases',
      'Confirm third-party apps (browsers, PDF, EHR client) are current',
      'Note machines that failed to update and why',
      'Reboot or schedule reboots outside clinic hours',
    ],
  },
  {
    key: 'backup-restore-test',
    title: 'Quarterly backup restore test',
    freq: 'quarterly',
    estimatedMinutes: 90,
    checklist: [
      'Confirm the last backup jobs finished without errors',
      'Restore a sample of files to a scratch location',
      'Open the restored files and compare them with the originals',
      'Restore one database or EHR export and check it opens',
      'Record restore time and attach a screenshot as evidence',
    ],
  },
  {
    key: 'user-access-review',
    title: 'Quarterly user-access review',
    freq: 'quarterly',
    estimatedMinutes: 45,
    checklist: [
      'Export the list of user accounts (email, EHR, Windows, VPN)',
      'Disable accounts of staff who have left',
      'Check admin rights are limited to those who need them',
      'Confirm multi-factor authentication is on for every account',
      'Send the reviewed list to the practice manager for sign-off',
    ],
  },
  {
    key: 'risk-analysis-review',
    title: 'Yearly risk-analysis review',
    freq: 'yearly',
    estimatedMinutes: 180,
    checklist: [
      'Update the inventory of systems that store patient data',
      'Review threats and vulnerabilities found this year',
      'Re-rate likelihood and impact of each risk',
      'Update the risk-management plan with owners and dates',
      'Have the practice sign and date the review',
    ],
  },
  {
    key: 'disaster-recovery-test',
    title: 'Yearly disaster-recovery test',
    freq: 'yearly',
    estimatedMinutes: 240,
    checklist: [
      'Review the disaster-recovery plan and contact list',
      'Restore a full server or key system from backup',
      'Measure the time to recover against the target',
      'Check staff know how to reach the provider and work offline',
      'Write up lessons learned and update the plan',
    ],
  },
]

export const templateOf = (key: string) => MAINTENANCE_TEMPLATES.find((t) => t.key === key)
