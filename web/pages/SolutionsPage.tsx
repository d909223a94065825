export function SolutionsPage() {
  return (
    <main id="main" className="pt-20">
      <h1>SolutionsPage</h1>
    </main>
  )
}
