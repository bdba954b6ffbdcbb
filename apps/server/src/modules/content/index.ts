/** The content module's front door: what other modules may use (docs/architecture.md). */
export { contentRoutes } from './routes.ts';
