export * from './common.ts';
export * from './phone.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './health.ts';
export * from './storefront-routes.ts';
export * from './accounts.ts';
export * from './deposits.ts';
