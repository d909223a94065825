export function AdminPage() {
  return (
    <main id="main" className="pt-20">
      <h1>Portfolio Admin</h1>
    </main>
  )
}
