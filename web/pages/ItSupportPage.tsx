export function ItSupportPage() {
  return (
    <main id="main" className="pt-20">
      <h1>ItSupportPage</h1>
    </main>
  )
}
