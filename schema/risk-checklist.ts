// The words of the yearly risk analysis (issue 39, point 4) and the checklist a
// new analysis is seeded from, modelled on the areas of the HHS Security Risk
// Assessment tool (45 CFR 164.308, 164.310, 164.312). A module without
// imports, so the admin's pages can use it too.

export const RISK_AREAS = ['administrative', 'physical', 'technical'] as const
export type RiskArea = (typeof RISK_AREAS)[number]

export const RISK_AREA_LABELS: Record<RiskArea, string> = {
  administrative: 'Administrative safeguards',
  physical: 'Physical safeguards',
  technical: 'Technical safeguards',
}

/** An item's finding; null (not in this list) is "not answered yet". */
export const RISK_FINDINGS = ['met', 'partly', 'not_met', 'not_applicable'] as const
export type RiskFinding = (typeof RISK_FINDINGS)[number]

export const RISK_FINDING_LABELS: Record<RiskFinding, string> = {
  met: 'Met',
  partly: 'Partly met',
  not_met: 'Not met',
  not_applicable: 'Not applicable',
}

export const RISK_STATUSES = ['in_progress', 'completed'] as const
export type RiskStatus = (typeof RISK_STATUSES)[number]

/** Longest notes of an item and description of a task: the payload schema's and the admin form's limits. */
export const RISK_NOTES_MAX = 5000
export const RISK_TASK_MAX = 500

/** The owner is reminded this many months after the last analysis of a client. */
export const RISK_REMINDER_MONTHS = 11

export type ChecklistItem = { area: RiskArea; topic: string; question: string }

export const RISK_CHECKLIST: readonly ChecklistItem[] = [
  {
    area: 'administrative',
    topic: 'Security management process',
    question:
      'Is there a current, documented risk analysis and a risk management plan that reduces the risks found to a reasonable level?',
  },
  {
    area: 'administrative',
    topic: 'Assigned security responsibility',
    question: 'Is one named person responsible for the security of ePHI?',
  },
  {
    area: 'administrative',
    topic: 'Workforce security',
    question:
      'Is access to ePHI granted only to staff who need it, and removed the day someone leaves or changes role?',
  },
  {
    area: 'administrative',
    topic: 'Information access management',
    question: 'Are access rights to systems holding ePHI authorised, documented and reviewed?',
  },
  {
    area: 'administrative',
    topic: 'Security awareness and training',
    question:
      'Does every staff member receive security training (phishing, passwords, malware) at hire and yearly?',
  },
  {
    area: 'administrative',
    topic: 'Security incident procedures',
    question: 'Is there a written procedure to identify, report, respond to and document security incidents?',
  },
  {
    area: 'administrative',
    topic: 'Contingency plan',
    question:
      'Are there tested backups of ePHI, a disaster recovery plan and an emergency mode operation plan?',
  },
  {
    area: 'administrative',
    topic: 'Evaluation',
    question:
      'Are the security policies and safeguards evaluated periodically and after changes to the environment?',
  },
  {
    area: 'administrative',
    topic: 'Business associate contracts',
    question:
      'Is a business associate agreement on file with every vendor that creates, receives or keeps ePHI?',
  },
  {
    area: 'physical',
    topic: 'Facility access controls',
    question:
      'Are the places where ePHI systems are kept locked, with access limited to authorised people and logged?',
  },
  {
    area: 'physical',
    topic: 'Workstation use and security',
    question:
      'Are workstations placed so screens cannot be seen by the public, locked when unattended, and used only for work?',
  },
  {
    area: 'physical',
    topic: 'Device and media controls',
    question:
      'Are devices and media holding ePHI tracked, encrypted, and wiped or destroyed before reuse or disposal?',
  },
  {
    area: 'technical',
    topic: 'Access control',
    question:
      'Does every user have a unique sign-in, with automatic log-off and an emergency access procedure?',
  },
  {
    area: 'technical',
    topic: 'Audit controls',
    question: 'Do systems holding ePHI record who accessed what, and are the logs reviewed?',
  },
  {
    area: 'technical',
    topic: 'Integrity',
    question: 'Is ePHI protected from being altered or destroyed improperly, and would a change be detected?',
  },
  {
    area: 'technical',
    topic: 'Person or entity authentication',
    question: 'Is multi-factor authentication required for remote access and for systems holding ePHI?',
  },
  {
    area: 'technical',
    topic: 'Transmission security',
    question: 'Is ePHI encrypted whenever it is sent over a network (TLS, VPN, encrypted e-mail)?',
  },
]

/** The item a client's ePHI asset adds to a new analysis. */
export const assetChecklistItem = (asset: { name: string; kind: string }): ChecklistItem => ({
  area: 'technical',
  topic: `ePHI asset: ${asset.name}`,
  question: `Is ${asset.name} (${asset.kind.replaceAll('_', ' ')}) encrypted at rest, patched, backed up, and reachable only by authorised users?`,
})
