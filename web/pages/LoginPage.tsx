export function LoginPage() {
  return (
    <main id="main" className="pt-20">
      <h1>LoginPage</h1>
    </main>
  )
}
