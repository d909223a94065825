/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
// The HTML body of the owner's notification e-mails, rendered with hono/jsx to
// a string: every value is escaped by construction, so a visitor's text can
// never become markup (no hand-called escape to forget).

import { DetailsTable, type LetterRow, MailPage } from './letter-html'

export type NotificationRow = LetterRow

type Props = { title: string; intro: string; rows: NotificationRow[]; description: string; adminUrl: string }

function Notification({ title, intro, rows, description, adminUrl }: Props) {
  return (
    <MailPage>
      <h1 style="font-size:20px">{title}</h1>
      <p>{intro}</p>
      <DetailsTable rows={rows} />
      <h2 style="font-size:16px">Description</h2>
      <p style="white-space:pre-wrap">{description}</p>
      <p>
        Reply to this e-mail to answer the visitor, or open the <a href={adminUrl}>admin panel</a>.
      </p>
    </MailPage>
  )
}

export const notificationHtml = (props: Props): string => `<!doctype html>\n${Notification(props)}`
