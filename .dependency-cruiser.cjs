/**
 * The server's layers (docs/architecture.md, decision 0049), checked by `npm test` (npm run lint:layers).
 * Shared code (lib, db, jobs, plugins) never imports a feature; a module reaches another only through
 * that module's front door (index.ts); no circles among value imports.
 */
const SRC = '^apps/server/src';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle among value imports: modules load in an order that depends on who imported first.',
      from: { path: SRC },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'shared-never-imports-modules',
      severity: 'error',
      comment: 'lib, db, jobs and plugins know no feature: a module hands them what they need.',
      from: { path: `${SRC}/(lib|db|jobs|plugins)/` },
      to: { path: `${SRC}/modules/` },
    },
    {
      name: 'modules-meet-at-the-front-door',
      severity: 'error',
      comment: "A module imports another only through that module's index.ts.",
      from: { path: `${SRC}/modules/([^/]+)/` },
      to: { path: `${SRC}/modules/[^/]+/.+`, pathNot: [`${SRC}/modules/$1/`, `${SRC}/modules/[^/]+/index\\.ts$`] },
    },
    {
      name: 'composition-uses-front-doors',
      severity: 'error',
      comment: 'The composition root (app.ts, background-tasks.ts, the entries) and the demo and CLIs use modules through index.ts too.',
      from: { path: `${SRC}/([^/]+\\.ts|demo/|cli/)`, pathNot: '\\.test\\.ts$' },
      to: { path: `${SRC}/modules/[^/]+/.+`, pathNot: `${SRC}/modules/[^/]+/index\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
