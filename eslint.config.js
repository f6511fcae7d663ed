import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A module owns its tables and its internals: another module calls only its public surface,
 * `../<module>/index.ts` (the service functions other modules may use), never its repo, DTO helpers,
 * service or any other file.
 */
const otherModulesInternals = {
  regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$).+',
  message: "Another module's files are its own: import its public surface, ../<module>/index.ts.",
};
/** Outside the modules (app, HTTP layer, realtime, jobs, scripts): a module's index.ts, or its routes to register them. */
const modulesInternalsFromOutside = {
  regex: '/modules/[^/]+/(?!(index|routes|[a-z-]+\\.routes)\\.ts$).+',
  message: "A module's files are its own: import its public surface, modules/<module>/index.ts.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.test-data/**',
      'e2e/artifacts/**',
      '**/*.mjs',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js', 'vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      curly: ['error', 'all'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  { files: ['eslint.config.js', 'vitest.config.ts'], ...tseslint.configs.disableTypeChecked },
  {
    // SQL stays in repos: only repo files (repo.ts, <part>.repo.ts) and the db folder may import Drizzle.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/**/repo.ts', 'apps/api/src/**/*.repo.ts', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in a repo.ts file.' }, otherModulesInternals] },
      ],
    },
  },
  {
    // Repos and tests of a module may use Drizzle, but not another module's files either.
    files: ['apps/api/src/modules/**/repo.ts', 'apps/api/src/modules/**/*.repo.ts', 'apps/api/src/modules/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesInternals] }] },
  },
  {
    files: ['apps/api/src/**/*.ts', 'apps/api/test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/api/src/modules/**', 'apps/api/src/db/**', 'apps/api/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in a repo.ts file.' }, modulesInternalsFromOutside] },
      ],
    },
  },
  {
    files: ['apps/api/src/db/**/*.ts', 'apps/api/test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [modulesInternalsFromOutside] }] },
  },
  {
    // No import cycles, between modules or inside one (type-only imports included: they say the same coupling).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The browser never imports server code.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/api/**', '@bo/api', '@bo/api/*'], message: 'The web app talks to the server over HTTP only.' }] },
      ],
    },
  },
  {
    // Pages and components call the server through their feature's api.ts (its hooks), never directly:
    // only a feature's api.ts, the app shell (app/) and the shared UI (ui/) import the typed client and
    // the upload. Its types (Answer, PathOf …) may be imported anywhere.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api.ts', 'apps/web/src/app/**', 'apps/web/src/ui/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)app/(api|upload)\\.ts$',
              allowTypeImports: true,
              message: "Call the server from the feature's api.ts (a hook there), not from a page or a component.",
            },
          ],
        },
      ],
    },
  },
);
