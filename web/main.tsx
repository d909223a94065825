import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { router } from './router'
import './styles.css'

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )

// The Worker sends public pages already rendered (an inert copy, see
// docs/decisions/050-server-rendered-first-paint.md). Not hydrated: the SPA
// renders once its route's lazy page has loaded, so the copy is replaced in
// one commit by the identical live page, with no empty frame in between.
if (router.state.initialized) render()
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return
    unsubscribe()
    render()
  })
}
