import { lazy } from 'react';

/** The staff dashboard, loaded when first opened (its charts are a chunk of their own): the app's first screen for staff. */
export const Dashboard = lazy(() => import('./dashboard.tsx'));
export { messages } from './words.ts';
