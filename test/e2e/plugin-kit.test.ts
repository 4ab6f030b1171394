/**
 * `claude plugin test plugin`: the hooks module's own tests (plugin/tests/*.test.ts, engine kit
 * 'claude-code/testing'), run by the pinned engine with nothing real beneath them. Every test
 * declared there must have run and passed.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { claudeBin, pluginDir, skipWithoutEngine } from './harness.ts'

test('claude plugin test plugin: every kit test passes', { skip: skipWithoutEngine, timeout: 60_000 }, () => {
  const files = readdirSync(join(pluginDir, 'tests')).filter((f) => f.endsWith('.test.ts'))
  const declared = files.reduce((n, f) => n + (readFileSync(join(pluginDir, 'tests', f), 'utf8').match(/^\s*test\(/gm)?.length ?? 0), 0)
  const r = spawnSync(claudeBin, ['plugin', 'test', pluginDir], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp' } })
  const out = `${r.stdout}\n${r.stderr}`
  assert.equal(r.status, 0, out)
  const pass = Number(/(\d+) pass/.exec(out)?.[1])
  const fail = Number(/(\d+) fail/.exec(out)?.[1])
  assert.equal(fail, 0, out)
  assert.ok(declared > 0)
  assert.equal(pass, declared, `${declared} tests declared in plugin/tests, ${pass} passed:\n${out}`)
})
