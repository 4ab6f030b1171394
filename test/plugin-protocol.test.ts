/**
 * The hooks module and the Node side share a protocol and a store layout without sharing code
 * (a hooks module imports only its own files). These checks keep the two copies equal.
 */
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import * as child from '../cli/engine-protocol.ts'
import { fileStem, MODE_DIRS } from '../store/write.ts'
import { repoRoot } from './shared.ts'

const json = (p: string) => JSON.parse(readFileSync(join(repoRoot, p), 'utf8'))

// The hooks module's files are typed against the engine's declarations (plugin/tsconfig.json),
// not this project's, so they are loaded by a path tsc does not follow.
const load = (file: string): Promise<any> => import(join(repoRoot, 'plugin', 'hooks', file))
const hookLogic = await load('logic.ts')
const hook = await load('protocol.ts')
const { PLUGIN_VERSION } = await load('version.ts')

test('bridge calls and line types are the same on both sides', () => {
  assert.deepEqual([...hook.BRIDGE_CALLS], [...child.BRIDGE_CALLS])
  assert.deepEqual([...hook.CHILD_LINE_TYPES], [...child.CHILD_LINE_TYPES])
})

test('one version: package.json, plugin.json, the hooks module', () => {
  const version = json('package.json').version
  assert.equal(json('plugin/.claude-plugin/plugin.json').version, version)
  assert.equal(PLUGIN_VERSION, version)
})

test('the hooks module names store files as the store does', () => {
  const at = new Date('2026-03-04T05:06:07.089Z')
  assert.equal(hookLogic.fileStem(12, at), fileStem(12, at))
  assert.equal(hookLogic.modeDir(true), MODE_DIRS.live)
  assert.equal(hookLogic.modeDir(false), MODE_DIRS.rehearsal)
})

test("the hooks module's settings are the manifest's userConfig rows", () => {
  const rows = Object.keys(json('plugin/.claude-plugin/plugin.json').userConfig).sort()
  const settings = Object.keys(hookLogic.resolveSettings({}, { home: '/h' })).sort()
  assert.deepEqual(rows, settings)
  for (const k of ['live', 'dataDir', 'maxChars', 'maxFraction', 'subagents']) assert.ok(rows.includes(k), k)
})

test('the marketplace lists the plugin from ./plugin', () => {
  const m = json('.claude-plugin/marketplace.json')
  const entry = m.plugins.find((p: { name: string }) => p.name === 'compact-handoff')
  assert.equal(entry?.source, './plugin')
  assert.deepEqual(json('plugin/.claude-plugin/plugin.json').engines, { 'claude-code': '>=2.1.328' })
})
