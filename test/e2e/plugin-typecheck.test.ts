/**
 * The hooks module and its kit tests typecheck against the pinned engine's own declarations,
 * written afresh by plugin/typecheck.mjs (they are gitignored). Skipped, saying why, where the
 * shared engine kit that writes them is not beside the checkout.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'node:test'
import { pluginDir, skipWithoutEngine } from './harness.ts'

test('plugin/typecheck.mjs: the hooks module typechecks against the engine', { skip: skipWithoutEngine, timeout: 60_000 }, (t) => {
  const r = spawnSync(process.execPath, [join(pluginDir, 'typecheck.mjs'), '--if-possible'], { encoding: 'utf8' })
  if (r.status === 2) return t.skip(r.stderr.trim())
  assert.equal(r.status, 0, r.stdout + r.stderr)
})
