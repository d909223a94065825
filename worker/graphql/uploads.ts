// GraphQL types, queries and mutations for the uploads domain; resolvers call worker/services.
export {}
