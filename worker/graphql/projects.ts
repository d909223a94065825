// GraphQL types, queries and mutations for the projects domain; resolvers call worker/services.
export {}
