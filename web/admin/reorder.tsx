// Reordering an admin list by drag and drop or keyboard (react-aria's
// GridList drag and drop: the handle's keyboard mode moves an item with the
// arrow keys and Enter). Projects and skills share the rule and the handle.
import { Button, useDragAndDrop } from 'react-aria-components'

/** The list after moving `keys` before or after `target` (react-aria's reorder event). */
export function moveIds(ids: readonly string[], keys: ReadonlySet<string>, target: string, position: string) {
  const moving = ids.filter((id) => keys.has(id))
  const rest = ids.filter((id) => !keys.has(id))
  const at = rest.indexOf(target) + (position === 'after' ? 1 : 0)
  rest.splice(at, 0, ...moving)
  return rest
}

/** Drag-and-drop hooks for a GridList of `ids`; `onReorder` gets the whole new arrangement. */
export function useReorder(ids: readonly string[], onReorder: (ids: string[]) => void) {
  return useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder: (e) =>
      onReorder(moveIds(ids, new Set([...e.keys].map(String)), String(e.target.key), e.target.dropPosition)),
  }).dragAndDropHooks
}

/** The grip that starts a move (mouse drag, or keyboard from focus). */
export function DragHandle({ label, className = '' }: { label: string; className?: string }) {
  return (
    <Button
      slot="drag"
      aria-label={label}
      className={`cursor-grab rounded px-1 text-slate-500 outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-blue-600 ${className}`}
    >
      <span aria-hidden="true">⠿</span>
    </Button>
  )
}
