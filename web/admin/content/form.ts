// The content form's rules (SPEC §5), kept pure so they are tested once.
import { CONTENT_PREVIEW_LENGTH } from '../../../schema/constants'

export type ContentMode = 'create' | 'edit'

/** Save is enabled only with a key and content (create), or with content (edit: the key is fixed). */
export function canSave(mode: ContentMode, key: string, content: string): boolean {
  if (mode === 'edit') return content.trim() !== ''
  return key.trim() !== '' && content.trim() !== ''
}

/** Long text is cut at 200 characters and followed by an ellipsis ("..."). */
export function preview(content: string): string {
  return content.length > CONTENT_PREVIEW_LENGTH ? `${content.slice(0, CONTENT_PREVIEW_LENGTH)}...` : content
}

/** The public pages whose copy the owner edits, in the order the tab lists them (the part of a key before its first dot). */
export const PAGE_LABELS: Record<string, string> = {
  home: 'Home (/)',
  about: 'About (/about)',
  contact: 'Contact (/contact)',
  'it-support': 'IT Support (/it-support)',
  solutions: 'Portfolio Solutions (/portfolio-solutions)',
  schedule: 'Schedule Consultation (/schedule-consultation)',
  privacy: 'Privacy & Security (/privacy)',
  trust: 'Trust & HIPAA (/trust)',
}
