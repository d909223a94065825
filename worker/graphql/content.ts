// GraphQL types, queries and mutations for the content domain; resolvers call worker/services.
export {}
