/** @jsxRuntime automatic */
/** @jsxImportSource hono/jsx */
// An e-mail whose body is the owner's Markdown (issue 52: the breach notice):
// the HTML part is the Markdown rendered by schema/markdown.ts (raw HTML
// escaped, unsafe links dropped, so nothing the text says becomes markup of
// its own), and the text part is the same words without the Markdown marks.
import { markdownPlainText, renderMarkdown } from '../../schema/markdown'
import { MailPage } from './letter-html'

export type MarkdownLetter = { title: string; markdown: string; footer?: string }

export function markdownLetterHtml({ title, markdown, footer }: MarkdownLetter): string {
  const page = (
    <MailPage>
      <p>
        <strong>{title}</strong>
      </p>
      {/* renderMarkdown escapes raw HTML and drops unsafe links: safe to insert as it is. */}
      <div dangerouslySetInnerHTML={{ __html: renderMarkdown(markdown) }} />
      {footer && <p style="color:#555;font-size:small">{footer}</p>}
    </MailPage>
  )
  return `<!doctype html>\n${page}`
}

export function markdownLetterText({ title, markdown, footer }: MarkdownLetter): string {
  return [title, markdownPlainText(markdown), footer].filter(Boolean).join('\n\n')
}
