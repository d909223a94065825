// .dev.vars keeps up with .dev.vars.example (issue 26): a key that is new in
// the example (STRIPE_WEBHOOK_SECRET, say) is appended to an existing
// .dev.vars with its comment, so an upgraded checkout gets it on `npm start`.
// Keys already there are never touched, whatever their value.

const KEY = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/

/** The keys a dotenv-style file sets. */
export const definedKeys = (text: string): Set<string> =>
  new Set(text.split(/\r?\n/).flatMap((line) => KEY.exec(line)?.[1] ?? []))

/**
 * The text to append to `current` so it has every key of `example`: each
 * missing key's line with the comment lines just above it in the example, in
 * the example's order. Empty when nothing is missing.
 */
export function missingFromExample(example: string, current: string): { text: string; keys: string[] } {
  const have = definedKeys(current)
  const blocks: string[] = []
  const keys: string[] = []
  let comments: string[] = []
  for (const line of example.split(/\r?\n/)) {
    const key = KEY.exec(line)?.[1]
    if (key) {
      if (!have.has(key)) {
        blocks.push([...comments, line].join('\n'))
        keys.push(key)
      }
      comments = []
    } else if (line.trim().startsWith('#')) comments.push(line)
    else comments = []
  }
  if (!keys.length) return { text: '', keys }
  const lead = current === '' || current.endsWith('\n') ? '' : '\n'
  return { text: `${lead}\n# Added by npm start from .dev.vars.example.\n${blocks.join('\n\n')}\n`, keys }
}
