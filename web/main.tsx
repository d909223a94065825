import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { router } from './router'
import './styles.css'

// The Worker sends public pages already rendered (an inert copy, see
// docs/decisions/050-server-rendered-first-paint.md), and this module is only
// requested after that copy has painted (docs/decisions/051-paint-before-boot.md).
// Not hydrated: the SPA renders once its route's lazy page has loaded, so the
// copy is replaced in one commit by the identical live page, with no empty
// frame in between. The render is a transition, so React renders the page in
// short slices that leave the main thread free for input; only the commit is
// one task.
const render = () => {
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  )
}

if (router.state.initialized) render()
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return
    unsubscribe()
    render()
  })
}
