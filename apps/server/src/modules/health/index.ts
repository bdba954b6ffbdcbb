/** The health module's front door: what other modules may use (docs/architecture.md). */
export { healthRoutes } from './routes.ts';
