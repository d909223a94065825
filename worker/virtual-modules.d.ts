// React Router's server build, made by its Vite plugin (worker/pages.ts casts it to ServerBuild).
declare module 'virtual:react-router/server-build'
