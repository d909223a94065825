import { IT_SUPPORT_COPY } from '../../schema/page-copy/it-support'
import { isHttpUrl } from '../../schema/url'
import { SparklesIcon } from './icons'

/**
 * The external chatbot demo, framed and sandboxed: scripts and forms run, but it
 * cannot navigate this page, open popups to it or reach its storage (it is
 * cross-origin). Without a configured URL a placeholder keeps the layout tidy.
 */
export function ChatbotDemo({ url }: { url: string }) {
  const live = isHttpUrl(url)
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      {/* The "live" label and dot only when there is a demo to be live. */}
      {live && (
        <figcaption className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 text-sm font-semibold text-slate-800">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-emerald-600" />
          {IT_SUPPORT_COPY.demoLabel}
        </figcaption>
      )}
      {live ? (
        <iframe
          src={url}
          title={IT_SUPPORT_COPY.demoLabel}
          sandbox="allow-scripts allow-same-origin allow-forms"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
          className="block h-[560px] w-full border-0"
        />
      ) : (
        <div
          data-testid="demo-placeholder"
          className="flex h-[280px] flex-col items-center justify-center gap-3 bg-gradient-to-br from-slate-50 to-blue-50 p-6 text-center"
        >
          <SparklesIcon className="h-10 w-10 text-blue-700" />
          <p className="max-w-sm text-slate-700">{IT_SUPPORT_COPY.demoUnavailable}</p>
        </div>
      )}
    </figure>
  )
}
