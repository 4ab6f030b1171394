// Lint: typescript-eslint's recommended rules, and the architecture's import boundaries
// (../shared/ARCHITECTURE.md §2), held by the tool instead of by review.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** An import that leaves `scope`, as a no-restricted-imports pattern with the reason. */
const only = (regex, message) => ['error', { patterns: [{ regex, message }] }]

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'examples/*/dist/**',
      'examples/*/node_modules/**',
      'plugin/dist/**',
      'plugins/*/dist/**',
      '.lab/**',
      '**/*.d.ts',
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        performance: 'readonly',
        structuredClone: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        fetch: 'readonly',
        queueMicrotask: 'readonly',
        setImmediate: 'readonly',
      },
    },
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
      'no-restricted-imports': only(
        '^\\.\\./(?!\\.\\./pipeline/index\\.ts$)',
        'a section imports only pipeline/index.ts (widen that surface if a section needs more)',
      ),
    },
  },
  {
    // The core knows no section, store, host or command.
    files: ['pipeline/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': only(
        '^(\\.\\./)+(sections|store|cli|engine|plugin|plugins|bench)/',
        'the pipeline imports no section, store, engine adapter or command',
      ),
    },
  },
  {
    // The hooks module runs in the engine's sandbox: nothing outside plugin/ can be loaded there.
    files: ['plugin/hooks/**/*.ts'],
    rules: {
      'no-restricted-imports': only('^\\.\\./\\.\\./', 'the hooks module imports nothing outside plugin/'),
    },
  },
  {
    // The contract both halves load, the engine's sandbox and Node: it imports nothing at all.
    files: ['plugin/hooks/protocol.ts'],
    rules: {
      'no-restricted-imports': only('.', 'plugin/hooks/protocol.ts is the contract both halves import: it imports nothing'),
    },
  },
  {
    // The engine adapter's Node half: the pipeline (building a handoff, reading files off the disk
    // included), the built-in sections' list, the store, the contract, and a command's shape.
    files: ['engine/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': only(
        '^\\.\\./(?!pipeline/|store/|sections/index\\.ts$|plugin/hooks/protocol\\.ts$|cli/command\\.ts$)',
        'engine/ imports the pipeline, sections/index.ts, the store, plugin/hooks/protocol.ts, and cli/command.ts only',
      ),
    },
  },
  {
    // cli/ holds the commands; only the dispatch reaches the engine child (its internal `engine` command):
    // cli/commands.ts, the commands the bundle runs from one file.
    files: ['cli/**/*.ts'],
    ignores: ['cli/commands.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': only('^\\.\\./engine/', 'only the dispatch (cli/commands.ts) reaches engine/; a command does not import the engine adapter'),
    },
  },
  {
    // The engine kit's spawn mock takes a generator: one that yields nothing is a child that prints nothing.
    files: ['plugin/tests/**/*.ts'],
    rules: { 'require-yield': 'off' },
  },
)
