// Feature boundaries (bulletproof-react): a feature imports only itself and src/shared; the app
// composes features; shared code imports no feature and not the app. src/shared/testing renders
// the whole app for tests, so it alone may import the app.
import { readdirSync } from 'node:fs';
import tsParser from '@typescript-eslint/parser';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const features = dirs('./src/features');
const sharedExceptTesting = dirs('./src/shared').filter((d) => d !== 'testing');

export default [
  { ignores: ['dist/**', 'node_modules/**', 'src/shared/api/schema.d.ts'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'A feature imports no other feature: move shared code to src/shared, or compose in src/app.',
            })),
            { target: './src/features', from: './src/app', message: 'A feature imports nothing from src/app.' },
            ...sharedExceptTesting.map((d) => ({
              target: `./src/shared/${d}`,
              from: ['./src/features', './src/app'],
              message: 'Shared code imports no feature and not the app.',
            })),
          ],
        },
      ],
    },
  },
];
