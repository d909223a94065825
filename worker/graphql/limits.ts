// Limits on what one GraphQL request may ask for, in a module of their own so that
// the endpoint (index.ts), its tests and the admin can name them without loading
// the schema or yoga, which are built on the first request (yoga.ts).

// Fragments are counted flattened (as the executor runs them), which puts the
// standard introspection query (graphql's getIntrospectionQuery(), what GraphiQL
// and code generators send) at depth 15 and cost about 15,500; the admin's own
// queries are at most depth 4 and cost a few hundred. Anything deeper or costlier
// than introspection is refused. test/worker/graphql-schema.test.ts measures both.
export const GRAPHQL_MAX_DEPTH = 15
export const GRAPHQL_MAX_COST = 20_000
/**
 * Aliases per operation: each alias of a field is another resolver run (another
 * D1 read), so 1,000 aliases were 1,000 reads in one request (issue 27). The
 * admin's own operations use none; introspection uses a handful.
 */
export const GRAPHQL_MAX_ALIASES = 30
/**
 * Tokens per document, counted by the parser as it reads (graphql-js `maxTokens`),
 * so a document is refused before it is parsed whole: the parser recurses once per
 * nesting level, and a query nested 2,000 deep overflowed the stack (a 500) before
 * the depth limit could answer (issue 52). Descending costs two tokens a level in a
 * selection ("a {") and one in a list ("["), so this caps the parser's recursion at
 * 1,000 levels. Measured in workerd (the Worker tests): a list nested 2,000 deep
 * parsed in one isolate and overflowed in another, so the cap keeps half of that.
 * The introspection query is about 180 tokens and the admin's largest document 92.
 */
export const GRAPHQL_MAX_TOKENS = 1_000
