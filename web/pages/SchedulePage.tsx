export function SchedulePage() {
  return (
    <main id="main" className="pt-20">
      <h1>SchedulePage</h1>
    </main>
  )
}
