import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field } from './form'

describe('the Security panels\u2019 Field (issue 28: required fields marked)', () => {
  it('marks its label visibly as required, and the input is required for assistive technology', () => {
    render(<Field name="name" label="Passkey name" />)
    const input = screen.getByRole('textbox', { name: 'Passkey name' })
    expect(input.hasAttribute('required') || input.getAttribute('aria-required') === 'true').toBe(true)
    const label = document.querySelector('label')!
    expect(label.textContent).toBe('Passkey name*')
    expect(label.querySelector('[aria-hidden="true"]')?.textContent).toBe('*')
  })
})
