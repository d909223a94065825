// GraphQL types, queries and mutations for the skills domain; resolvers call worker/services.
export {}
