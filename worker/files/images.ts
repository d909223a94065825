// Public images (docs/decisions/057-public-images.md): raster files the owner
// uploaded for a project or a content block, served to anyone from the site's
// own origin at /media/{name}. The name is random and a file never changes
// under it, so browsers and the edge may keep it for a year.
import type { FileKind } from './sniff'

/** What a public image may be: raster formats only (an SVG can carry script). */
export const IMAGE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'webp']

export const IMAGE_TYPE_MESSAGE = 'Only PNG, JPEG, GIF or WebP images are accepted'

/** R2 keys of public images; the part after the prefix is the public name. */
export const IMAGE_PREFIX = 'images/'

export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** The public address of an image stored under `objectKey` (null for any other file). */
export const mediaUrl = (objectKey: string) =>
  objectKey.startsWith(IMAGE_PREFIX) ? `/media/${objectKey.slice(IMAGE_PREFIX.length)}` : null

export { IMAGE_WIDTHS } from '../../schema/images'

/**
 * Makes a smaller copy of an image. In production this is the Cloudflare Images
 * binding (when `IMAGES` is configured); without it, the original is served.
 */
export interface ImageResizer {
  resize(body: ReadableStream, width: number): Promise<{ body: ReadableStream; contentType: string } | null>
}

/** The Images binding behind the interface, or null when it is not configured (local, tests). */
export function imageResizer(env: { IMAGES?: ImagesBinding }): ImageResizer | null {
  const images = env.IMAGES
  if (!images) return null
  return {
    async resize(body, width) {
      const result = await images
        .input(body)
        .transform({ width, fit: 'scale-down' })
        .output({ format: 'image/webp' })
      return { body: result.image(), contentType: result.contentType() }
    },
  }
}
