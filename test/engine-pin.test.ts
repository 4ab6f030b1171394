/**
 * The engine version is pinned once (package.json's devDependency), and what this project relies
 * on in that engine is read back from the installed binary: an upgrade that moves the pin without
 * re-reading these facts fails here, loudly, naming what changed.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { NATIVE_IDLE } from '../plugins/idle/hooks/native.ts'
import { ENGINE_VERSION, engineExecutable, enginePackageDir, grepEngine } from './engine-pin.ts'
import { repoRoot } from './shared.ts'

const json = (p: string) => JSON.parse(readFileSync(join(repoRoot, p), 'utf8'))
const skip = existsSync(engineExecutable) ? false : 'the engine is not installed (npm ci)'
const RE_READ =
  'the installed engine no longer says so: re-read it in the binary and update plugins/idle/hooks/native.ts (and its README) before moving the pin'

describe('the engine pin', () => {
  test('package.json pins one exact version', () => {
    assert.match(ENGINE_VERSION, /^\d+\.\d+\.\d+$/, 'npm i -D -E: an exact version, not a range')
    assert.equal(json('package-lock.json').packages['node_modules/@anthropic-ai/claude-code'].version, ENGINE_VERSION)
  })

  test("both plugins' engines read >= the pin", () => {
    for (const p of ['plugin/.claude-plugin/plugin.json', 'plugins/idle/.claude-plugin/plugin.json']) {
      assert.deepEqual(json(p).engines, { 'claude-code': `>=${ENGINE_VERSION}` }, p)
    }
  })

  test('the installed engine is the pinned one', { skip }, () => {
    assert.equal(JSON.parse(readFileSync(join(enginePackageDir, 'package.json'), 'utf8')).version, ENGINE_VERSION)
    const r = spawnSync(join(repoRoot, 'node_modules', '.bin', 'claude'), ['--version'], { encoding: 'utf8', timeout: 30_000 })
    assert.equal(r.stdout.trim(), `${ENGINE_VERSION} (Claude Code)`, r.stderr)
  })
})

describe("the engine's own idle compaction, read from the installed binary", { skip }, () => {
  test('"idleCompaction" defaults to true', () => {
    // The setting's getter: `function dQe(){return ja("idleCompaction",!0).value}` (2.1.328).
    const getters = grepEngine(/function [\w$]+\(\)\{return [\w$]+\("idleCompaction",(![01])\)\.value\}/)
    assert.equal(getters.length, 1, `one getter for idleCompaction with its default; found ${getters.map((m) => m[0]).join(' | ') || 'none'}: ${RE_READ}`)
    assert.equal(getters[0]![1] === '!0', NATIVE_IDLE.settingDefault, `the getter reads ${getters[0]![0]}: ${RE_READ}`)
    // The settings schema's own words, which /config shows.
    const described = grepEngine(/idleCompaction:\(\)=>[\w$]+\(\)\.optional\(\)\.describe\("([^"]*)"\)/)
    assert.equal(described.length, 1, RE_READ)
    assert.match(described[0]![1]!, /Defaults to true\.$/, RE_READ)
  })

  test('its token minimum is max(100,000, CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS ?? 200,000); it fires at 90 % of the cache life', () => {
    const min = grepEngine(/function [\w$]+\(\)\{return Math\.max\(([\w$]+),[\w$]+\.CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS\?\?([\w$]+)\)\}/)
    assert.equal(min.length, 1, `the minimum's function: ${RE_READ}`)
    const [, floorName, defaultName] = min[0]!
    // Its constants sit in one var statement with the notice: `var zus=200000,AGn=1e5,Vus=0.9,...`.
    const vars = grepEngine(/var ((?:[\w$]+=[\d.e]+,){3,6})[\w$]+=`[^`]{0,80}turn off with "idleCompaction": false in settings\.json`/)
    assert.equal(vars.length, 1, `the constants beside the notice: ${RE_READ}`)
    const value = new Map(
      vars[0]![1]!
        .split(',')
        .filter(Boolean)
        .map((kv) => kv.split('=') as [string, string]),
    )
    assert.equal(Number(value.get(floorName!)), NATIVE_IDLE.floorTokens, RE_READ)
    assert.equal(Number(value.get(defaultName!)), NATIVE_IDLE.defaultMinTokens, RE_READ)
    // The timer: lastActivityAt + (expiresAt - lastActivityAt) * fraction.
    const timer = grepEngine(/\.lastActivityAt\+\([\w$]+\.expiresAt-[\w$]+\.lastActivityAt\)\*([\w$]+)/)
    assert.equal(timer.length, 1, RE_READ)
    assert.equal(Number(value.get(timer[0]![1]!)), NATIVE_IDLE.fireFraction, RE_READ)
  })

  test('it gives up, in this order, when compaction is off, idleCompaction is off, the cache is not the one-hour one, or the context is small', () => {
    const guard = grepEngine(
      /function [\w$]+\(e,o,r,g,h\)\{if\(![\w$]+\(\)\)return"compaction_off";if\(![\w$]+\(\)\)return"idle_compaction_off";.{0,400}?return"not_one_hour";.{0,200}?return"small"/,
    )
    assert.equal(guard.length, 1, RE_READ)
    // "compaction off" is DISABLE_COMPACT, DISABLE_AUTO_COMPACT or "autoCompactEnabled": false.
    assert.equal(grepEngine(/Ie\(process\.env\.DISABLE_COMPACT\)\|\|[\w$]+\.DISABLE_AUTO_COMPACT/).length, 1, RE_READ)
    assert.equal(grepEngine(/return [\w$]+\("autoCompactEnabled",!0\)\.value/).length, 1, RE_READ)
    // The one-hour cache it needs: 3,600,000 ms.
    const ttl = /if\(([\w$]+)\(\)!==([\w$]+)\)return"not_one_hour"/.exec(guard[0]![0])
    assert.ok(ttl, RE_READ)
    assert.equal(grepEngine(new RegExp(`[,;{ ]${ttl[2]!.replace('$', '\\$')}=${NATIVE_IDLE.cacheTtlMs}[,;]`)).length, 1, RE_READ)
  })

  test('its compaction reaches session.compact as trigger "auto" with no instructions, between turns only (what rowTrigger reads as idle)', () => {
    // One pass over the binary for the four facts.
    const facts = {
      // The host compacts with no origin; only a plugin's $.session.compact passes one.
      auto: /trigger:[\w$]+===void 0\?"auto":"plugin",origin:/,
      // The idle timer's host compacts with empty instructions ...
      host: /compact:\(\)=>this\.compactConversation\(\{instructions:"",apiAttemptsLeft:\{count:1\}\}\)/,
      // ... which reach session.compact as none ...
      none: /[\w$]+\(\{trigger:[\w$]+,instructions:[\w$]+\|\|void 0,messages:/,
      // ... and never while a turn runs: so its conversation ends with the last answer.
      between: /throw Error\("a turn is in flight; the conversation compacts between turns"\)/,
    }
    const all = new RegExp(
      Object.values(facts)
        .map((r) => `(${r.source})`)
        .join('|'),
    )
    const found = grepEngine(all).map((m) => m[0])
    for (const [name, re] of Object.entries(facts)) assert.equal(found.filter((f) => re.test(f)).length, 1, `${name}: ${RE_READ}`)
  })

  test("the one-hour cache is read from the answer's usage: cache_creation.ephemeral_1h_input_tokens, none written for five minutes", () => {
    // What test/e2e/fake-model.mjs reports, as the API does.
    const ttl = grepEngine(
      /function [\w$]+\(e\)\{if\(\(e\?\.cache_creation\?\.ephemeral_5m_input_tokens\?\?0\)>0\)return"5m";return\(e\?\.cache_creation\?\.ephemeral_1h_input_tokens\?\?0\)>0\?"1h":void 0\}/,
    )
    assert.equal(ttl.length, 1, RE_READ)
  })
})
