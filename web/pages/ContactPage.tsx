export function ContactPage() {
  return (
    <main id="main" className="pt-20">
      <h1>ContactPage</h1>
    </main>
  )
}
