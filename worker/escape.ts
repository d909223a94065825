// Escaping for what the Worker writes into HTML, XML and e-mail bodies (sitemap, notifications).
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for an HTML attribute or text node. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!)

export const escapeXml = escapeHtml
