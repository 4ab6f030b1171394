// Lint: typescript-eslint's recommended rules, and the architecture's import boundaries
// (../shared/ARCHITECTURE.md §2), held by the tool instead of by review.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** An import that leaves `scope`, as a no-restricted-imports pattern with the reason. */
const only = (regex, message) => ['error', { patterns: [{ regex, message }] }]

export default tseslint.config(
  { ignores: ['node_modules/**', 'plugin/dist/**', 'plugins/*/dist/**', '.lab/**', '**/*.d.ts', '**/*.d.mts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', URL: 'readonly', Buffer: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', performance: 'readonly', structuredClone: 'readonly', TextDecoder: 'readonly', TextEncoder: 'readonly', fetch: 'readonly', queueMicrotask: 'readonly', setImmediate: 'readonly' } },
    rules: {
      // The pipeline's types carry `any` where a section's options are generic by design.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // A section imports only the public surface, the same one a third-party section package gets.
    files: ['sections/*/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': only('^\\.\\./(?!\\.\\./pipeline/index\\.ts$)', 'a section imports only pipeline/index.ts (widen that surface if a section needs more)'),
    },
  },
  {
    // The core knows no section, store, host or command.
    files: ['pipeline/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': only('^(\\.\\./)+(sections|store|cli|engine|plugin|plugins|bench)/', 'the pipeline imports no section, store, engine adapter or command'),
    },
  },
  {
    // The hooks module runs in the engine's sandbox: nothing outside plugin/ can be loaded there.
    files: ['plugin/hooks/**/*.ts'],
    rules: {
      'no-restricted-imports': only('^\\.\\./\\.\\./', 'the hooks module imports nothing outside plugin/'),
    },
  },
)
