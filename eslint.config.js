import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import tseslint from 'typescript-eslint';

/** The feature folders (src/features/<name>). */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The import boundaries (conventions.md, bulletproof-react): app -> features -> shared. shared
 * imports neither; a feature imports no other feature (but the known pairs above) and nothing
 * of the app but its typed store hooks (app/hooks).
 */
const boundaryZones = [
  {
    target: './src/shared',
    from: ['./src/features', './src/app'],
    message: 'shared/ must not depend on features or app.',
  },
  {
    target: './src/features',
    from: './src/app',
    except: ['./hooks.ts'],
    message: 'A feature imports nothing of the app but its store hooks (app/hooks).',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in src/app (routes, props).',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'functions/lib',
      'functions/node_modules',
      '.local-data',
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['warn', { allowConstantExport: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests compose the app (catalogues, store) around what they test.
    ignores: ['src/**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.app.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // zod comes configured (shared/zodConfig: no code from strings, catalogue ids as messages)
    // through its one wrapper, zod's tree-shakable API; types may come from zod itself. Auth is
    // shared/firebase's `auth`: `getAuth` would bundle Auth's popup/redirect resolver, which no
    // screen uses, into /login (Firebase docs, "Customize your Auth dependencies"; 4 KB gz).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/shared/zod.ts', 'src/shared/zodConfig.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...['zod', 'zod/mini', 'zod/v4', 'zod/v4/mini', 'zod/v4/core'].map((name) => ({
              name,
              message:
                "Use `import * as z from '@/shared/zod'` (zod/mini, configured by shared/zodConfig).",
              allowTypeImports: true,
            })),
            {
              name: 'firebase/auth',
              importNames: ['getAuth'],
              message:
                "Use `auth` from '@/shared/firebase' (another app's: shared/appAuth); getAuth bundles the popup/redirect resolver.",
            },
          ],
        },
      ],
    },
  },
  {
    // Imports flow one way: app -> features -> shared (conventions.md, bulletproof-react).
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '@/app/*'],
              message: 'shared/ must not depend on features or app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['emulators/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '../src/*', '../../src/*'],
              message: 'The local backend does not depend on the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The demo data writes the derived nodes the app's writes keep (issue 16) with the same pure
    // functions, so the two cannot drift; nothing else of the app.
    files: ['emulators/seed/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+src/(?!shared/domain/derived$))',
              message: "The demo data uses only the app's pure derived-node functions.",
            },
          ],
        },
      ],
    },
  },
);
