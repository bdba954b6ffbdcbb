import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/.out/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]", message: 'A focused or skipped test is not a pass.' },
      ],
    },
  },

  // The storefront's import direction (bulletproof-react): shared (lib, api, components) -> features -> app.
  // A feature never reaches into another feature or into the app; shared code never into either. The
  // app composes features (app/routes). The first error a newcomer meets says so.
  ...storefrontZones(),
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);

function storefrontZones() {
  const web = 'apps/web/src';
  const features = fs.readdirSync(path.join(import.meta.dirname, web, 'features'));
  const restrict = (files, patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });
  const intoApp = { regex: '^(\\.\\./)+app/', message: 'Only the app composes features: move what is shared into lib/, api/ or components/.' };
  return [
    restrict([`${web}/{lib,api,components}/**`], [{ regex: '^(\\.\\./)+(features|app)/', message: 'Shared code (lib, api, components) must not depend on a feature or on the app.' }]),
    ...features.map((f) =>
      restrict(
        [`${web}/features/${f}/**`],
        [intoApp, { regex: `^(\\.\\./)+(features/)?(${features.filter((o) => o !== f).join('|')})/`, message: `A feature never imports another feature (${f} is reaching into one): share through lib/, api/ or components/, or compose in app/.` }],
      ),
    ),
  ];
}
