#!/usr/bin/env node
// The README's test command: typecheck, then every *.test.ts in the tree under node's test runner
// (through tsx), unit tests and engine end-to-end tests alike. Exit code is the runner's.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const skip = new Set(['node_modules', '.git', '.lab', 'dist', 'types'])
const only = process.argv.slice(2)

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p, out)
    // plugin/**/*.test.ts are `claude plugin test` files (engine kit), not node tests
    else if (name.endsWith('.test.ts') && !relative(root, p).startsWith('plugin')) out.push(p)
  }
  return out
}

const files = walk(root, [])
  .map((p) => relative(root, p))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1

// `node --test` given no file runs whatever its default patterns find: every .mjs under test/, the
// fake model among them, which then serves until killed (and logs to ./fake-model.jsonl).
if (files.length === 0) {
  console.error(`no test file matches ${only.join(', ')}`)
  process.exit(2)
}

if (only.length === 0) {
  // The rules the tooling keeps (import boundaries, formatting) fail the run before any test does.
  const eslint = run(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '.'])
  if (eslint !== 0) {
    console.error('lint failed (npm run lint)')
    process.exit(eslint)
  }
  const prettier = run(process.execPath, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--check', '--log-level', 'warn', '.'])
  if (prettier !== 0) {
    console.error('formatting differs (npm run format)')
    process.exit(prettier)
  }
  const tsc = run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', root])
  if (tsc !== 0) {
    console.error('typecheck failed')
    process.exit(tsc)
  }
}
// The bundle's code caches (cli/code-cache.ts) from every CLI run the tests make go to a folder of
// this run's own, not the user's ~/.cache; a test that checks the cache names its own folder.
const codeCache = process.env.COMPACT_HANDOFF_CODE_CACHE ? null : mkdtempSync(join(tmpdir(), 'ch-test-code-cache-'))
if (codeCache) process.env.COMPACT_HANDOFF_CODE_CACHE = codeCache
const status = run(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files])
if (codeCache) rmSync(codeCache, { recursive: true, force: true })
process.exit(status)
