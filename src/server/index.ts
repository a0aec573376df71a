// The HTTP layer of the service: buildApp builds the Fastify app on a store; listen starts it.
export { buildApp, type AppDependencies, type QuireApp } from './build-app.ts';
export { listen } from './listen.ts';
