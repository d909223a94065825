import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegionBase,
} from 'react-aria-components'
import { type ToastContentValue, toastQueue } from './Toaster'

// The toast UI, loaded on first use by <Toaster/> (see there): react-aria's
// toast region is a landmark with live announcements, one toast at a time.
// On a phone it sits at the top, below the header: at the bottom it covered a
// dialog's Save and Send for its 5 s (issue 36's walk at 375 px).
export function ToastRegion() {
  return (
    <ToastRegionBase<ToastContentValue>
      queue={toastQueue}
      className="fixed top-20 right-4 z-[100] sm:top-auto sm:bottom-4 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
    >
      {({ toast: item }) => (
        <Toast
          toast={item}
          data-variant={item.content.variant ?? 'default'}
          className={`flex items-start gap-3 rounded-lg border p-4 shadow-lg outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 ${
            item.content.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900'
          }`}
        >
          <ToastContent className="flex flex-1 flex-col gap-1">
            <Text slot="title" className="font-semibold">
              {item.content.title}
            </Text>
            {item.content.description && (
              <Text slot="description" className="text-sm">
                {item.content.description}
              </Text>
            )}
          </ToastContent>
          <Button
            slot="close"
            aria-label="Close"
            className="rounded p-1 text-lg leading-none outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-current"
          >
            ×
          </Button>
        </Toast>
      )}
    </ToastRegionBase>
  )
}
