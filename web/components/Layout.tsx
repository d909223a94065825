import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { metaFor, normalisePath } from '../../schema/routes'
import { siteConfig } from '../lib/site-config'
import { prefetchFor } from '../state/site'
import { Nav } from './Nav'
import { Toaster } from './Toaster'

/** Keeps the title, description and canonical URL right on client-side navigation. */
function useRouteMeta() {
  const { pathname } = useLocation()
  useEffect(() => {
    const meta = metaFor(pathname)
    document.title = meta.title
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description)
    const canonical = document.querySelector('link[rel="canonical"]')
    if (canonical && siteConfig.siteUrl)
      canonical.setAttribute('href', siteConfig.siteUrl + normalisePath(pathname))
  }, [pathname])
}

// The first page's data is requested as soon as this (entry) module runs, in
// parallel with the download of the page's lazy chunk rather than after it.
if (typeof window !== 'undefined') prefetchFor(window.location.pathname)

// Every page: the fixed navigation bar, the page, and the app-wide toasts.
export function Layout() {
  useRouteMeta()
  return (
    <>
      <Nav />
      <Outlet />
      <ScrollRestoration />
      <Toaster />
    </>
  )
}
