// jsdom ships without types and @types/jsdom is not installed (adding it made
// npm reshuffle the whole lockfile); this declares the part the tests use.
declare module 'jsdom' {
  export type DOMWindow = Window & typeof globalThis
  export class JSDOM {
    constructor(
      html: string,
      options?: {
        runScripts?: 'dangerously' | 'outside-only'
        pretendToBeVisual?: boolean
        beforeParse?: (window: DOMWindow) => void
      },
    )
    readonly window: DOMWindow
  }
}
