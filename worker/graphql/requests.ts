// GraphQL types, queries and mutations for the requests domain; resolvers call worker/services.
export {}
