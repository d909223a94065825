import { HONEYPOT_FIELD } from '../../schema/request-options'

/**
 * A real visitor never sees the honeypot field, so a value there means a bot.
 * The bot gets the same answer as a person (so it learns nothing), and
 * nothing is stored or sent. Checked after validation: an invalid bot
 * submission gets the ordinary field errors, like anyone else's.
 */
export const filledHoneypot = (input: { [HONEYPOT_FIELD]?: string | undefined }) =>
  (input[HONEYPOT_FIELD] ?? '').trim() !== ''
