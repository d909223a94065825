// GraphQL types, queries and mutations for the resumes domain; resolvers call worker/services.
export {}
