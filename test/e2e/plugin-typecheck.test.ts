/**
 * The hooks module and its kit tests typecheck against the pinned engine's own declarations,
 * written afresh by plugin/typecheck.mjs (they are gitignored). Skipped, saying why, where the
 * shared engine kit that writes them is not beside the checkout.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { claudeBin, pluginDir, repoRoot, skipWithoutEngine } from './harness.ts'

test('plugin/typecheck.mjs: the hooks module typechecks against the engine', { skip: skipWithoutEngine, timeout: 60_000 }, (t) => {
  const r = spawnSync(process.execPath, [join(pluginDir, 'typecheck.mjs'), '--if-possible'], { encoding: 'utf8' })
  if (r.status === 2) return t.skip(r.stderr.trim())
  assert.equal(r.status, 0, r.stdout + r.stderr)
})

test(
  'examples/seam-plugin typechecks against the engine and compact-handoff contract, laid as the engine lays a dependency',
  { skip: skipWithoutEngine, timeout: 60_000 },
  (t) => {
    const shared = process.env.COMPACT_HANDOFF_SHARED ?? join(repoRoot, '..', 'shared')
    const extract = process.env.COMPACT_HANDOFF_EXTRACT_TYPES ?? join(shared, 'engine', 'extract-types.mjs')
    if (!existsSync(extract)) return t.skip(`${extract} not found, so the engine's declarations cannot be written`)
    const dir = mkdtempSync(join(tmpdir(), 'ch-seam-types-'))
    try {
      cpSync(join(repoRoot, 'examples', 'seam-plugin'), dir, { recursive: true })
      const types = join(dir, '.claude-plugin', 'types')
      const wrote = spawnSync(process.execPath, [extract, '--bin', claudeBin, '--out', types], { encoding: 'utf8' })
      assert.equal(wrote.status, 0, wrote.stdout + wrote.stderr)
      // A plugin naming compact-handoff under "dependencies" gets its contract here (a link), one
      // more entry of the type root. extract-types writes no dependency, so it is laid here.
      mkdirSync(join(types, 'compact-handoff'))
      symlinkSync(join(pluginDir, 'types', 'index.d.ts'), join(types, 'compact-handoff', 'index.d.ts'))
      const base = JSON.parse(readFileSync(join(types, 'tsconfig.json'), 'utf8')) as { compilerOptions: { types: string[] } }
      const compilerOptions = { types: [...base.compilerOptions.types, 'compact-handoff'] }
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: './.claude-plugin/types/tsconfig.json', compilerOptions }))
      const r = spawnSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', dir], { encoding: 'utf8' })
      assert.equal(r.status, 0, r.stdout + r.stderr)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
)
