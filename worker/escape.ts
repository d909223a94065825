// Escaping for what the Worker writes into HTML, XML and e-mail bodies (shell head, sitemap, notifications).
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for an HTML attribute or text node. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!)

/**
 * JSON safe inside a <script> element: `<`, `>` and `&` become \u escapes, so
 * no value can close the element ("</script>") or open a comment.
 */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )

export const escapeXml = escapeHtml
