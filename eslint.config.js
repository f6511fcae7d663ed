import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * A module owns its tables: another module calls its public functions (its index.ts), never its repo
 * (`../<module>/repo.ts`, `../<module>/<part>.repo.ts`).
 */
const otherModulesRepo = {
  regex: '^\\.\\./[^/]+/([^/]+\\.)?repo(\\.ts)?$',
  message: "A module's repo is its own: call the other module's index.ts instead.",
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
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/repo.ts',
      'apps/api/src/**/*.repo.ts',
      'apps/api/src/db/**',
      'apps/api/test/**',
      'apps/api/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in a repo.ts file.' }, otherModulesRepo] },
      ],
    },
  },
  {
    // A module owns its tables: its repos too may not reach into another module's repo.
    files: ['apps/api/src/modules/**/repo.ts', 'apps/api/src/modules/**/*.repo.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesRepo] }] },
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
);
