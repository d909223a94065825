// Markdown the owner writes (a quote's introduction, agreement texts), shown
// to clients in the portal and the admin's preview, and flattened to plain
// blocks for the PDF. Raw HTML is never passed through: an HTML block or tag
// is shown as escaped text, a link keeps only http(s), mailto and same-site
// addresses (no javascript:, data:), and images become their alt text (no
// remote pixels in a client's view).
import { Marked, type Token, type Tokens } from 'marked'

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

/** Whether a link target is safe to keep: http(s), mailto, or a path/anchor on this site. */
export function safeHref(href: string): boolean {
  const trimmed = href.trim()
  if (/^(\/(?!\/)|#)/.test(trimmed)) return true
  try {
    return ['http:', 'https:', 'mailto:'].includes(new URL(trimmed).protocol)
  } catch {
    return false
  }
}

const marked = new Marked({
  gfm: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text)
    },
    link({ href, title, tokens }) {
      const inner = this.parser.parseInline(tokens)
      if (!safeHref(href)) return inner
      const t = title ? ` title="${escapeHtml(title)}"` : ''
      return `<a href="${escapeHtml(href)}"${t} rel="noopener noreferrer nofollow">${inner}</a>`
    },
    image({ text }) {
      return escapeHtml(text)
    },
  },
})

/** Markdown to HTML that is safe to insert into a page. */
export const renderMarkdown = (markdown: string): string => marked.parse(markdown, { async: false }) as string

/**
 * renderMarkdown's HTML with its headings moved down so that `<h1>` becomes
 * `<h{top}>` (at most h6). For a page that shows the owner's text under its
 * own headings: a `#` in an agreement must not make a second h1 or break the
 * page's outline. Only for renderMarkdown's output, where raw HTML is always
 * escaped, so every `<hN>` tag in it is one of its own headings.
 */
export function nestHeadings(html: string, top: number): string {
  const shift = Math.min(5, Math.max(0, Math.trunc(top) - 1))
  return html.replace(
    /<(\/?)h([1-6])>/g,
    (_, slash: string, n: string) => `<${slash}h${Math.min(6, Number(n) + shift)}>`,
  )
}

export type TextBlock = { kind: 'heading' | 'paragraph' | 'bullet' | 'rule'; text: string }

function inlineText(tokens: readonly Token[] | undefined, fallback: string): string {
  if (!tokens?.length) return fallback
  return tokens
    .map((t) => {
      if ('tokens' in t && t.tokens?.length) return inlineText(t.tokens, 'text' in t ? String(t.text) : '')
      if (t.type === 'br') return '\n'
      if (t.type === 'link') return (t as Tokens.Link).text
      return 'text' in t ? String(t.text) : t.raw
    })
    .join('')
}

/** Markdown flattened to headings, paragraphs and bullets of plain text (for the PDF). */
export function markdownBlocks(markdown: string): TextBlock[] {
  const out: TextBlock[] = []
  const walk = (tokens: readonly Token[]) => {
    for (const t of tokens) {
      if (t.type === 'heading') out.push({ kind: 'heading', text: inlineText(t.tokens, t.text) })
      else if (t.type === 'paragraph') out.push({ kind: 'paragraph', text: inlineText(t.tokens, t.text) })
      else if (t.type === 'list')
        for (const item of (t as Tokens.List).items)
          out.push({ kind: 'bullet', text: inlineText(item.tokens, item.text) })
      else if (t.type === 'hr') out.push({ kind: 'rule', text: '' })
      else if (t.type === 'blockquote') walk((t as Tokens.Blockquote).tokens)
      else if (t.type === 'space') continue
      else if ('text' in t && typeof t.text === 'string') out.push({ kind: 'paragraph', text: t.text })
    }
  }
  walk(marked.lexer(markdown))
  return out
}

/**
 * Markdown as the plain-text part of an e-mail (issue 52): each heading on its
 * own line, underlined; bullets as "- "; paragraphs a blank line apart; the
 * Markdown marks themselves (##, **, link syntax) gone.
 */
export function markdownPlainText(markdown: string): string {
  const blocks = markdownBlocks(markdown)
  return blocks
    .map((b, i) => {
      const text =
        b.kind === 'heading'
          ? `${b.text}\n${'='.repeat(Math.min(60, Math.max(3, b.text.length)))}`
          : b.kind === 'bullet'
            ? `- ${b.text}`
            : b.kind === 'rule'
              ? '---'
              : b.text
      if (i === 0) return text
      return (b.kind === 'bullet' && blocks[i - 1]!.kind === 'bullet' ? '\n' : '\n\n') + text
    })
    .join('')
}
