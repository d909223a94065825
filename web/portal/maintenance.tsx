// A maintenance task's checklist as the portal shows it (issue 52): each item
// with a tick or an empty box, said in words for a screen reader too.
export function Checklist({ items }: { items: { label: string; done: boolean }[] }) {
  if (!items.length) return null
  return (
    <ul className="mt-2 flex flex-col gap-1" aria-label="Checklist">
      {items.map((item, i) => (
        <li key={`${i}-${item.label}`} className="flex gap-2 text-slate-800">
          <span aria-hidden="true" className={item.done ? 'text-emerald-700' : 'text-slate-400'}>
            {item.done ? '✓' : '○'}
          </span>
          <span className="min-w-0 break-words">
            {item.label}
            <span className="sr-only">{item.done ? ' (checked)' : ' (not checked)'}</span>
          </span>
        </li>
      ))}
    </ul>
  )
}
