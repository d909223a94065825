/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
// The HTML body of the owner's notification e-mails, rendered with hono/jsx to
// a string: every value is escaped by construction, so a visitor's text can
// never become markup (no hand-called escape to forget).

export type NotificationRow = [label: string, value: string]

type Props = { title: string; intro: string; rows: NotificationRow[]; description: string; adminUrl: string }

function Notification({ title, intro, rows, description, adminUrl }: Props) {
  return (
    <html lang="en">
      <body style="font-family:system-ui,sans-serif;color:#0f172a">
        <h1 style="font-size:20px">{title}</h1>
        <p>{intro}</p>
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
        <h2 style="font-size:16px">Description</h2>
        <p style="white-space:pre-wrap">{description}</p>
        <p>
          Reply to this e-mail to answer the visitor, or open the <a href={adminUrl}>admin panel</a>.
        </p>
      </body>
    </html>
  )
}

export const notificationHtml = (props: Props): string => `<!doctype html>\n${Notification(props)}`
