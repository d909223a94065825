// The admin's GraphQL documents check (`npm run lint:graphql`, ADR 178) refuses
// what the server would: an unknown field, a wrong argument, a fragment spread
// that was not given to graphql(), a document it cannot read as a literal.
import { expect, it } from 'vitest'
// @ts-expect-error: a plain ES module of the lint, without a declaration file
import { checkDocuments, documentsIn } from './graphql-documents.mjs'

const sdl = `
  type Query { client(id: ID!): Client, clients: [Client!]! }
  type Client { id: ID!, name: String!, email: String }
`

type Found = { documents: unknown[]; errors: string[] }
const check = (source: string) => {
  const found = documentsIn('web/admin/x.ts', source) as Found
  return [...found.errors, ...(checkDocuments(sdl, found.documents) as string[])]
}

it('passes valid documents, with fragments given directly or through another fragment', () => {
  expect(
    check(`
      const Name = graphql('fragment Name on Client { name }')
      const Card = graphql(\`fragment Card on Client @_unmask { id ...Name }\`, [Name])
      export const ONE = graphql(\`query One($id: ID!) { client(id: $id) { ...Card email } }\`, [Card])
      export const ALL = graphql("query All { clients { id } }")
    `),
  ).toEqual([])
})

it('reports an unknown field, a wrong argument type and a syntax error, with where they are', () => {
  expect(check(`export const A = graphql('query A { clients { id phone } }')`)).toEqual([
    'web/admin/x.ts:1: Cannot query field "phone" on type "Client".',
  ])
  expect(
    check(`
      export const B = graphql('query B($id: String!) { client(id: $id) { id } }')`),
  ).toEqual(['web/admin/x.ts:2: Variable "$id" of type "String!" used in position expecting type "ID!".'])
  expect(check(`export const C = graphql('query C { clients { id }')`)).toEqual([
    'web/admin/x.ts:1: Syntax Error: Expected Name, found <EOF>.',
  ])
})

it('refuses a spread of a fragment that was not given, and a document built at run time', () => {
  expect(
    check(`
      const Name = graphql('fragment Name on Client { name }')
      export const D = graphql('query D { clients { ...Name } }')
    `),
  ).toEqual(['web/admin/x.ts:3: Unknown fragment "Name".'])
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source under test builds its document at run time
  expect(check('const F = "id"; export const E = graphql(`query E { clients { ${F} } }`)')).toEqual([
    'web/admin/x.ts:1: a GraphQL document must be a plain string literal',
  ])
  expect(check(`export const G = graphql('query G { clients { id } }', [Missing])`)).toEqual([
    'web/admin/x.ts:1: Missing is not a GraphQL document of web/',
  ])
})
