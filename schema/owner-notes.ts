// Owner-only notes in agreement templates (issue 36, ADR 141). A template may
// carry wording meant for the owner ("Draft template: have it reviewed by a
// lawyer"), fenced so that it can be found and removed:
//
//   :::owner-note
//   Anything here is for the owner only.
//   :::
//
// Everything the client sees (the portal page, the e-mail, the PDF, the text
// frozen at Send and hashed at signing) goes through `forClient`; the send
// step warns while a note is there. Shared by the admin (preview, warning)
// and the Worker (freezing, PDF).

const FENCE = /^:::owner-note[ \t]*\n([\s\S]*?)\n:::[ \t]*$/gm

/** The owner-only notes of a Markdown text, as written inside their fences. */
export function ownerNotes(md: string): string[] {
  return [...md.replace(/\r\n/g, '\n').matchAll(FENCE)].map((m) => m[1]!.trim())
}

/** The text without its owner-only notes (and without the blank lines they leave). */
export function forClient(md: string): string {
  return md
    .replace(/\r\n/g, '\n')
    .replace(FENCE, '')
    .replace(/\n{3,}/g, '\n\n')
}

/** The warning the send step shows for an agreement that still carries owner-only notes. */
export const ownerNoteWarning = (agreementName: string, notes: readonly string[]) =>
  `"${agreementName}" still carries ${notes.length === 1 ? 'a note' : `${notes.length} notes`} meant for you (${notes
    .map((n) => `"${n.replace(/[*_`>]/g, '').slice(0, 80)}"`)
    .join(', ')}). It will not be shown to the client; remove it from the template once it no longer applies.`
