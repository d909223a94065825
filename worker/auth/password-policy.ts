// The one password rule (docs/decisions/023-password-rule.md), used by the
// register route, the change-password form's route and `npm run owner`.
import { COMMON_PASSWORDS } from './common-passwords'
import { weakPassword } from './password-strength'

export const MIN_PASSWORD_LENGTH = 12
export const MAX_PASSWORD_LENGTH = 128

let common: Set<string> | null = null
const commonPasswords = () => {
  common ??= new Set(COMMON_PASSWORDS.split('\n'))
  return common
}

/**
 * Why a new password is refused, or null when it is acceptable: the length, the
 * common list, then zxcvbn's estimate (score >= 3), whose feedback (what is weak,
 * what would help) is the message. `userInputs` (the username, the site's name)
 * count as guessable words.
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`
  }
  if (password.trim() === '') return 'Password cannot be only spaces'
  if (commonPasswords().has(password.toLowerCase()) || commonPasswords().has(password.trim().toLowerCase())) {
    return 'This password is too common; choose another'
  }
  const weak = weakPassword(password, userInputs)
  if (weak) {
    return [PASSWORD_TOO_GUESSABLE, weak.warning, ...weak.suggestions].filter(Boolean).join(' ')
  }
  return null
}

export const PASSWORD_TOO_GUESSABLE = 'This password is too easy to guess.'
