/** The reports module's front door: what other modules may use (docs/architecture.md). */
export { reportRoutes } from './routes.ts';
