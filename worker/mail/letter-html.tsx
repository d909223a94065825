/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
// The HTML body of the plain e-mails (replies to visitors, booking mails, the
// notification digest), rendered with hono/jsx to a string like the owner's
// notification (notification-html.tsx): every value is escaped by
// construction, so no text of a visitor's can become markup.

import type { Child } from 'hono/jsx'

export type LetterRow = [label: string, value: string]

export type LetterProps = {
  /** Paragraphs in order; line breaks inside one are kept. */
  paragraphs: string[]
  rows?: LetterRow[]
  items?: string[]
  link?: { href: string; text: string }
  /** Several links side by side (the rating mail's Good / Okay / Poor). */
  links?: { href: string; text: string }[]
  /** Small print after everything else. */
  footer?: string
}

/** The page every mail body shares: the same font and colour in every client. */
export function MailPage({ children }: { children: Child }) {
  return (
    <html lang="en">
      <body style="font-family:system-ui,sans-serif;color:#0f172a">{children}</body>
    </html>
  )
}

/** Labelled values, one per row (a request's fields, a booking's details). */
export function DetailsTable({ rows }: { rows: LetterRow[] }) {
  return (
    <table cellpadding="6" style="border-collapse:collapse">
      {rows.map(([label, value]) => (
        <tr>
          <th align="left" style="vertical-align:top">
            {label}
          </th>
          <td>{value}</td>
        </tr>
      ))}
    </table>
  )
}

function Letter({ paragraphs, rows = [], items = [], link, links = [], footer }: LetterProps) {
  return (
    <MailPage>
      {paragraphs.map((p) => (
        <p style="white-space:pre-wrap">{p}</p>
      ))}
      {rows.length > 0 && <DetailsTable rows={rows} />}
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li>{item}</li>
          ))}
        </ul>
      )}
      {link && (
        <p>
          <a href={link.href}>{link.text}</a>
        </p>
      )}
      {links.length > 0 && (
        <p>
          {links.map((l) => (
            <>
              <a href={l.href} style="margin-right:1.5em;font-weight:bold">
                {l.text}
              </a>{' '}
            </>
          ))}
        </p>
      )}
      {footer && <p style="color:#555;font-size:small">{footer}</p>}
    </MailPage>
  )
}

export const letterHtml = (props: LetterProps): string => `<!doctype html>\n${Letter(props)}`
