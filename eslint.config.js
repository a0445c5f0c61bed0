import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// The ladder of server packages (STYLE.md "Layering"): contracts ← core ← api, workers ←
// server. Each zone lists what a package may never import, tests included.
const layers = [
  { target: './contracts', from: ['./core', './api', './workers', './server'] },
  { target: './core', from: ['./api', './workers', './server'] },
  { target: './api', from: ['./workers', './server'] },
  { target: './workers', from: ['./api', './server'] },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.astro/**',
      '.cache/**',
      'data/**',
      'test-artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['{contracts,core,api,workers,server}/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['{contracts,core,api,workers,server}/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: false }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: layers.map(({ target, from }) => ({
            target,
            from,
            message: 'contracts ← core ← api, workers ← server: import only down the ladder.',
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', 'loadtests/**'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', __ENV: 'readonly', URL: 'readonly' },
    },
  },
);
