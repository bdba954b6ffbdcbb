import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the app serves, as registered (hidden ones too, unlike /api/docs), so tests can walk
 * them all: the back office's authorization test asks each one, and a new route cannot ship
 * unguarded (PeerTube's check-params idea). Registered before any route.
 */
export function registerRouteTable(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}
