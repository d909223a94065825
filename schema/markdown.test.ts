// The owner's Markdown shown to clients (issue 25): raw HTML and unsafe links never survive.
import { describe, expect, it } from 'vitest'
import { markdownBlocks, nestHeadings, renderMarkdown } from './markdown'
import { fillMergeFields } from './quotes'

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    const html = renderMarkdown(
      '# Scope\n\nWe **replace** the [router](https://example.com/r).\n\n- one\n- two',
    )
    expect(html).toContain('<h1>Scope</h1>')
    expect(html).toContain('<strong>replace</strong>')
    expect(html).toContain('<a href="https://example.com/r" rel="noopener noreferrer nofollow">router</a>')
    expect(html).toContain('<li>one</li>')
  })

  it("moves headings below the page's own (nestHeadings), never past h6, and leaves escaped text alone", () => {
    const html = nestHeadings(
      renderMarkdown('# Agreement\n\n## Terms\n\n###### Fine print\n\nText <h1>not a heading</h1>'),
      3,
    )
    expect(html).toContain('<h3>Agreement</h3>')
    expect(html).toContain('<h4>Terms</h4>')
    expect(html).toContain('<h6>Fine print</h6>')
    expect(html).toContain('&lt;h1&gt;not a heading&lt;/h1&gt;')
    expect(html).not.toMatch(/<h[12]>/)
    expect(nestHeadings('<h2>Scope</h2>', 1)).toBe('<h2>Scope</h2>')
  })

  it('escapes raw HTML, blocks and inline, so no script or handler survives', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\nText <img src=x onerror=alert(2)> and <b onclick="x()">bold</b>',
    )
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<b ')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    const doc = new DOMParser().parseFromString(html, 'text/html')
    expect(doc.querySelectorAll('script, img, [onerror], [onclick]')).toHaveLength(0)
  })

  it('drops javascript: and data: links but keeps their text', () => {
    const html = renderMarkdown(
      '[click](javascript:alert(1)) [x](JaVaScRiPt:alert(1)) [d](data:text/html,<script>1</script>) <javascript:alert(3)>',
    )
    // The text may stay as text; no link is made of it.
    expect(html).not.toMatch(/href="\s*javascript:/i)
    expect(html).not.toContain('<a')
    expect(html).not.toContain('href="data:')
    expect(html).toContain('click')
    const doc = new DOMParser().parseFromString(html, 'text/html')
    expect(doc.querySelectorAll('a')).toHaveLength(0)
  })

  it('shows an image as its alt text (no remote pixels)', () => {
    const html = renderMarkdown('![logo](https://tracker.example/p.gif)')
    expect(html).not.toContain('<img')
    expect(html).toContain('logo')
  })
})

describe('markdownBlocks (the PDF text)', () => {
  it('flattens headings, paragraphs and bullets to plain text', () => {
    expect(
      markdownBlocks('## Terms\n\nPay **within** 15 days.\n\n- Net 15\n- [Late fee](https://x.example)'),
    ).toEqual([
      { kind: 'heading', text: 'Terms' },
      { kind: 'paragraph', text: 'Pay within 15 days.' },
      { kind: 'bullet', text: 'Net 15' },
      { kind: 'bullet', text: 'Late fee' },
    ])
  })
})

describe('fillMergeFields', () => {
  it('fills known fields and leaves unknown ones visible', () => {
    expect(
      fillMergeFields('{{client.name}} / {{ quote.total }} / {{nope}}', {
        'client.name': 'Acme',
        'quote.total': '$2,800.00',
      }),
    ).toBe('Acme / $2,800.00 / {{nope}}')
  })
})
