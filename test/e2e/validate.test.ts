/**
 * `claude plugin validate`: the plugin as the engine loads it has no error and no warning
 * (--strict fails on either). The `--profile directory` catalog checks are not run: the one
 * thing they flag, ICON_MISSING, is a listing asset for the plugin directory, which this plugin
 * is not submitted to; it changes nothing the engine loads.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { join } from 'node:path'
import { claudeBin, pluginDir, repoRoot, skipWithoutEngine } from './harness.ts'

test('claude plugin validate --strict plugin: no errors, no warnings', { skip: skipWithoutEngine }, () => {
  const r = spawnSync(claudeBin, ['plugin', 'validate', '--strict', '--json', pluginDir], { encoding: 'utf8' })
  assert.equal(r.status, 0, r.stdout + r.stderr)
  const report = JSON.parse(r.stdout)
  const problems: string[] = []
  const walk = (o: unknown, at: string) => {
    if (Array.isArray(o)) o.forEach((v, i) => walk(v, `${at}[${i}]`))
    else if (o && typeof o === 'object') {
      for (const [k, v] of Object.entries(o)) {
        if ((k === 'errors' || k === 'warnings') && Array.isArray(v) && v.length && !at.startsWith('.directory'))
          problems.push(`${at}.${k}: ${JSON.stringify(v)}`)
        walk(v, `${at}.${k}`)
      }
    }
  }
  walk(report, '')
  assert.deepEqual(problems, [])
  assert.ok(JSON.stringify(report).includes('gating hook with .catch: session.compact'), 'the compaction hook has its .catch')
  // The engine seam: the noun is added at engine.create, and its contract (plugin.json "types") is read.
  assert.ok(JSON.stringify(report).includes('adds to $: compactHandoff'), JSON.stringify(report))
  assert.ok(JSON.stringify(report).includes('types ./types/index.d.ts declares on $: $.compactHandoff'), JSON.stringify(report))
})

test('claude plugin validate --strict examples/seam-plugin: no errors, no warnings, it calls the noun', { skip: skipWithoutEngine }, () => {
  const r = spawnSync(claudeBin, ['plugin', 'validate', '--strict', '--json', join(repoRoot, 'examples', 'seam-plugin')], { encoding: 'utf8' })
  assert.equal(r.status, 0, r.stdout + r.stderr)
  assert.ok(r.stdout.includes('calls: $.compactHandoff.beforeCompact'), r.stdout)
})
