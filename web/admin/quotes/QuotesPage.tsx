// /admin/quotes (issue 25): the list with a status filter and totals, and the
// editor at /admin/quotes/new and /admin/quotes/<id>: lines with live totals
// (schema/quotes.ts and schema/money.ts, the same code as the server), send
// (the link shown to copy when visitor mail is off), withdraw, duplicate,
// revise, the PDF, and the check of a signed copy against its record.
import { Link } from 'react-router'
import { Provider } from 'urql'
import { OwnerPage } from '../OwnerPage'
import { linkButtonClass } from '../ui'
import { useAdminClient } from '../urql'
import { NewQuote } from './QuoteEditor'
import { QuoteList } from './QuoteList'
import { QuoteView } from './QuoteView'

export function QuotesPage({ id }: { id: string | null }) {
  const client = useAdminClient()
  return (
    <Provider value={client}>
      <OwnerPage title="Quotes" description={() => 'Quotes, their agreements and signatures'}>
        <p className="flex flex-wrap gap-3">
          <Link to="/admin/quotes/new" className={linkButtonClass}>
            New quote
          </Link>
          <Link to="/admin/agreements" className={linkButtonClass}>
            Agreement templates
          </Link>
          {id && (
            <Link to="/admin/quotes" className={linkButtonClass}>
              All quotes
            </Link>
          )}
        </p>
        {id === null ? <QuoteList /> : id === 'new' ? <NewQuote /> : <QuoteView id={id} />}
      </OwnerPage>
    </Provider>
  )
}
