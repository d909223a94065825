import { useState } from 'react'
import { Button } from 'react-aria-components'
import { SupportRequestForm } from '../forms/SupportRequestForm'

// Placeholder until the public-site branch's page (services, demo, calls to action) is merged.
export function ItSupportPage() {
  const [showForm, setShowForm] = useState(false)
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 pt-20 pb-16">
      <h1 className="mb-8 text-4xl font-extrabold">IT Support</h1>
      {showForm ? (
        <>
          <Button onPress={() => setShowForm(false)}>Back to Services</Button>
          <SupportRequestForm onSubmitted={() => setShowForm(false)} />
        </>
      ) : (
        <Button onPress={() => setShowForm(true)}>Request Support Now</Button>
      )}
    </main>
  )
}
