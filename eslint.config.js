import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
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
  storefrontWords(),
  backOfficeWords(),
  ...backOfficeZones(),
);

/**
 * No words for customers written into the storefront's components: they come from the message catalogs,
 * in English and Kiswahili (CONTRACT §9, decision 0022). Text between tags and the attributes people
 * read or hear (labels, placeholders, alternative texts, titles, empty and error messages) are checked.
 */
function storefrontWords() {
  const web = 'apps/web/src';
  return {
    files: [`${web}/**/*.tsx`],
    ignores: ['**/*.test.tsx', `${web}/test/**`],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label', 'message', 'emptyText', 'helperText'] },
          // Calls that only name a form field (field, fieldProps).
          callees: { exclude: ['i18n(ext)?', 't', 'require', 'addEventListener', 'removeEventListener', 'getElementById', 'includes', 'startsWith', 'field', 'fieldProps'] },
          message: 'Customers read this: put it in a message catalog and show it with t()',
        },
      ],
    },
  };
}

/**
 * The same for the back office: staff read it in English or Kiswahili, so its words go through
 * react-admin's i18nProvider (a label as l('Price'), a sentence as t('media.ready') or w('...') for
 * notify and choices), never written into a component.
 */
function backOfficeWords() {
  return {
    files: ['apps/admin/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label', 'message', 'emptyText', 'helperText', 'defaultTitle'] },
          words: { exclude: ['[0-9!-/:-@[-`{-~]+', '[A-Z_-]+', '—', ' · '] },
          callees: { exclude: ['t', 'w', 'l', 'translate', 'require', 'addEventListener', 'removeEventListener', 'getElementById', 'includes', 'startsWith'] },
          message: 'Staff read this: put it in the feature\'s words.ts (apps/admin/src/features/<f>; a label in providers/i18n.ts) and show it with t(), w() or l()',
        },
      ],
    },
  };
}

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

/**
 * The back office's import direction, the storefront's kind (decision 0019): shared code (components,
 * lib, providers) -> features (features/<f>: a resource's screens, index.ts and words.ts) -> the app
 * shell (app/), which registers the features' resources and merges their words. A feature never
 * imports another feature; shared code never imports a feature or the app. A new feature folder is
 * covered without editing this.
 */
function backOfficeZones() {
  const src = 'apps/admin/src';
  const features = fs.readdirSync(path.join(import.meta.dirname, src, 'features'));
  const only = (files, regex, message) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] } });
  return [
    only([`${src}/{components,lib,providers}/**`], '^(\\.\\./)+(features|app)/', 'Shared back-office code (components, lib, providers) must not depend on a feature or on the app: the app passes in what it needs (as app/i18n-provider.ts passes the features\' words).'),
    ...features.map((f) =>
      only([`${src}/features/${f}/**`], `^(\\.\\./)+(features/)?(${features.filter((o) => o !== f).join('|')})/`, `A back-office feature never imports another (${f} is reaching into one): move what both use into components/, lib/ or providers/, or compose them in app/.`),
    ),
  ];
}
