// Responsive sizes of the owner's public images (docs/decisions/057-public-images.md).
// Shared by the Worker (which widths /media/{name}?w= may be resized to) and
// the pages (which widths a srcset offers), so the two can never disagree.

/** The widths responsive sizes are made in; any other ?w= is served as the original. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const

/** Only images served from /media/ can be resized; an external URL is used as it is. */
const MEDIA = /^\/media\/[0-9a-f-]{36}\.(png|jpg|gif|webp)$/

/**
 * The `srcSet` of an image: its allowed widths, when the Worker can resize (the
 * Images binding is configured) and the image is one of the site's own.
 * Undefined otherwise, so the page emits a plain `src` of the original.
 */
export function imageSrcSet(src: string, resizable: boolean): string | undefined {
  if (!resizable || !MEDIA.test(src)) return undefined
  return IMAGE_WIDTHS.map((w) => `${src}?w=${w} ${w}w`).join(', ')
}
