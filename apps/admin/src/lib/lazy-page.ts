import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded when first opened: each resource's screens are their own chunk, so signing in
 * loads react-admin and the menu, not every screen's code (and not the dashboard's charts).
 */
export function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
