export function AboutPage() {
  return (
    <main id="main" className="pt-20">
      <h1>AboutPage</h1>
    </main>
  )
}
