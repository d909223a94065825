export function HomePage() {
  return (
    <main id="main" className="pt-20">
      <h1>HomePage</h1>
    </main>
  )
}
