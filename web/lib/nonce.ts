import { createContext, useContext } from 'react'

// The request's CSP nonce during the server render (web/entry.server.tsx), for
// the page's own inline script. In the browser it is '': browsers hide nonces
// from the DOM, and the script has already run by the time React hydrates.
export const NonceContext = createContext('')
export const useNonce = () => useContext(NonceContext)
