/**
 * The compact-idle plugin's own checks, from the node runner: its manifest and hooks module pass
 * `claude plugin validate`, its hooks and kit tests typecheck against the engine's declarations,
 * and `claude plugin test plugins/idle` (the engine kit, mock clock) passes every test it has.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { repoRoot, sharedDir } from './shared.ts'

const claude = join(repoRoot, 'node_modules', '.bin', 'claude')
const idle = join(repoRoot, 'plugins', 'idle')
const types = join(idle, '.claude-plugin', 'types')
const extractTypes = process.env.COMPACT_HANDOFF_EXTRACT_TYPES ?? join(sharedDir, 'engine', 'extract-types.mjs')
const skip = existsSync(claude) ? false : 'node_modules/.bin/claude is missing (npm ci)'

// The engine reads and writes under HOME; keep it away from the person's own.
const home = mkdtempSync(join(tmpdir(), 'compact-idle-kit-'))
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CLAUDE_CONFIG_DIR: join(home, '.claude'), CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' }
after(() => rmSync(home, { recursive: true, force: true }))

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: repoRoot, env, encoding: 'utf8', timeout: 120_000 })
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` }
}

describe('compact-idle plugin', { skip }, () => {
  test('claude plugin validate passes', () => {
    const r = run(claude, ['plugin', 'validate', idle])
    assert.equal(r.code, 0, r.out)
    assert.match(r.out, /✔ Validation passed/)
    // The one warning is the plugin directory's ICON_MISSING, a catalog listing check that does
    // not change the result; anything else would be new.
    const warnings = r.out.match(/^\s*❯ .*\((?:[A-Z_]+)\)/gm) ?? []
    assert.deepEqual(
      warnings.map((w) => /\(([A-Z_]+)\)/.exec(w)![1]),
      ['ICON_MISSING'],
      r.out,
    )
    assert.match(r.out, /hooks: session\.start, tool\.call\{tool=mcp__compact-idle__compaction\}, turn\.start, turn\.complete, session\.compact, session\.end/)
    assert.doesNotMatch(r.out, /gating hook without \.catch/)
    // herdr's three, and the six that decide whether the engine's own idle compaction fires (hooks/native.ts)
    assert.match(
      r.out,
      /env reads: CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS, CLAUDE_CODE_PROMPT_CACHE_TTL, DISABLE_AUTO_COMPACT, DISABLE_COMPACT, ENABLE_PROMPT_CACHING_1H, FORCE_PROMPT_CACHING_5M, HERDR_BIN_PATH, HERDR_ENV, HERDR_PANE_ID\n/,
    )
    assert.match(r.out, /\$\.settings\.read \(via native\)/)
  })

  test('hooks and kit tests typecheck against the engine declarations', (t) => {
    if (existsSync(extractTypes)) {
      const r = run(process.execPath, [extractTypes, '--bin', claude, '--out', types])
      assert.equal(r.code, 0, r.out)
    } else if (!existsSync(join(types, 'claude-code', 'index.d.ts'))) {
      t.skip(`no engine declarations in ${types} and no ${extractTypes} to write them (set COMPACT_HANDOFF_EXTRACT_TYPES)`)
      return
    }
    const r = run(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', idle])
    assert.equal(r.code, 0, r.out)
  })

  test('claude plugin test passes every kit test', () => {
    const r = run(claude, ['plugin', 'test', idle])
    assert.equal(r.code, 0, r.out)
    const passed = Number(/^\s*(\d+) pass$/m.exec(r.out)?.[1])
    const failed = Number(/^\s*(\d+) fail$/m.exec(r.out)?.[1])
    const ran = Number(/^Ran (\d+) tests? across (\d+) files?/m.exec(r.out)?.[1])
    assert.equal(failed, 0, r.out)
    assert.equal(passed, ran, r.out)
    assert.ok(passed >= 80, `expected the whole kit suite (80+ tests), got ${passed}\n${r.out}`)
  })
})
