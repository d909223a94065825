// What every billing sub-app shares: the OpenAPI tag, the owner's security and the error answers.
import { CONFLICT, NOT_FOUND, OWNER_ERRORS, OWNER_SECURITY } from '../../middleware/openapi'

/** Every route here is the owner's: the session cookie or a personal access token (issue 24). */
export const owner = { tags: ['Time and money'], security: OWNER_SECURITY }

export const errors = { ...OWNER_ERRORS, ...NOT_FOUND, ...CONFLICT }
