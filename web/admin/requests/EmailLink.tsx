/** The requester's address as a mailto link, in the row and in the details. */
export function EmailLink({ email }: { email: string }) {
  return (
    <a
      href={`mailto:${email}`}
      className="w-fit text-sm break-all text-blue-800 underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
    >
      {email}
    </a>
  )
}
