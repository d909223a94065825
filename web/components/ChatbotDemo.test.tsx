// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ChatbotDemo } from './ChatbotDemo'

afterEach(cleanup)

describe('ChatbotDemo', () => {
  it('frames a configured URL, sandboxed and labelled', () => {
    render(<ChatbotDemo url="https://chat.example.com/demo" />)
    const frame = screen.getByTitle('Live Demo - Connected to Database')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame.getAttribute('src')).toBe('https://chat.example.com/demo')
    // Sandboxed: scripts and forms run, but no top navigation, popups or downloads.
    const sandbox = frame.getAttribute('sandbox')?.split(' ') ?? []
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-forms']))
    expect(sandbox).not.toContain('allow-top-navigation')
    expect(sandbox).not.toContain('allow-popups')
    expect(frame.getAttribute('loading')).toBe('lazy')
    expect(screen.getByText('Live Demo - Connected to Database', { selector: 'figcaption' })).toBeTruthy()
    expect(screen.queryByTestId('demo-placeholder')).toBeNull()
  })

  it.each(['', '   ', 'not a url', 'javascript:alert(1)', '/api/placeholder/1'])(
    'shows the placeholder instead of a broken frame for %j',
    (url) => {
      const { container } = render(<ChatbotDemo url={url} />)
      expect(container.querySelector('iframe')).toBeNull()
      expect(screen.getByTestId('demo-placeholder').textContent).toContain(
        'The live demo is not available right now.',
      )
      // Nothing claims to be live when there is no demo.
      expect(screen.queryByText('Live Demo - Connected to Database')).toBeNull()
      expect(container.querySelector('.bg-emerald-600')).toBeNull()
    },
  )
})
