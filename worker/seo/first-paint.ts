import { isPrivatePath } from '../../schema/routes'
import { renderPage } from '../../web/ssr/render'
import type { ShellData } from './bootstrap'
import { siteConfig } from './site'

/**
 * The public page's markup for the shell's #root, so its content paints before
 * the SPA's JS has loaded (docs/decisions/050-server-rendered-first-paint.md).
 * The owner's screens stay client-only. Any failure yields null: the shell then
 * goes out empty, as before, and the SPA renders everything itself.
 */
export async function firstPaint(
  env: Env,
  request: Request,
  data: ShellData | null,
  render = renderPage,
): Promise<string | null> {
  if (isPrivatePath(new URL(request.url).pathname)) return null
  try {
    return await render(request, siteConfig(env), data)
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', message: 'first paint render failed', error: String(error) }),
    )
    return null
  }
}
