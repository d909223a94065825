import { afterEach, expect, it } from 'vitest'
import { toast, toastQueue } from './Toaster'

afterEach(() => toastQueue.clear())

const shown = () => toastQueue.visibleToasts.map((t) => t.content.title)

// One toast at a time, and it is the newest (SPEC §9): an older one is dropped,
// not held to show again once the newer one goes. On a phone a toast sits over
// the bottom of a dialog, where its buttons are; the walk of issue 36 waited
// 10 s on "Invoice ... created" toasts coming back one after another over Send.
it('a new toast replaces the one shown, and the older one does not come back after it', () => {
  toast({ title: 'Invoice INV-2026-0011 created' })
  toast({ title: 'Invoice INV-2026-0012 created' })
  expect(shown()).toEqual(['Invoice INV-2026-0012 created'])
  toastQueue.close(toastQueue.visibleToasts[0]!.key)
  expect(shown()).toEqual([])
})
