// The one http(s)-URL rule: payload schemas, the site config and the public
// cards all accept exactly the absolute URLs whose scheme is http or https.
// (No zod here: the public entry chunk imports this module.)

/** The URL a string parses to when it is an absolute http(s) URL, else null. */
export function httpUrl(value: string): URL | null {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

export const isHttpUrl = (value: string): boolean => httpUrl(value) !== null
