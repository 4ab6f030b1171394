#!/usr/bin/env node
// Typechecks the hooks module and its `claude plugin test` files (plugin/tests) against the
// engine's own declarations. Those are Anthropic's and gitignored, so they are written afresh
// first, from the pinned engine (node_modules/.bin/claude), by extract-types.mjs from the shared
// engine kit: $COMPACT_HANDOFF_EXTRACT_TYPES, else <$COMPACT_HANDOFF_SHARED or ../shared>/engine/.
// Exit codes: 0 typechecked, 1 type errors or no way to write the declarations, 2 (with
// --if-possible) skipped because the kit is not there.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const plugin = dirname(fileURLToPath(import.meta.url))
const root = resolve(plugin, '..')
const shared = process.env.COMPACT_HANDOFF_SHARED ?? resolve(root, '..', 'shared')
const extract = process.env.COMPACT_HANDOFF_EXTRACT_TYPES ?? join(shared, 'engine', 'extract-types.mjs')
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1

if (!existsSync(extract)) {
  console.error(
    `plugin typecheck: ${extract} not found, so the engine's declarations cannot be written (set COMPACT_HANDOFF_EXTRACT_TYPES or COMPACT_HANDOFF_SHARED)`,
  )
  process.exit(process.argv.includes('--if-possible') ? 2 : 1)
}
const wrote = run([extract, '--bin', join(root, 'node_modules', '.bin', 'claude'), '--out', join(plugin, '.claude-plugin', 'types')])
if (wrote !== 0) process.exit(wrote)
process.exit(run([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', plugin]))
