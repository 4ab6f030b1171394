/**
 * The contract between the hooks module and the Node side is one file, plugin/hooks/protocol.ts,
 * that both import. These checks hold the tree to that: no second copy of its types, the store
 * numbers and names files by it, and every fallback reason the code emits is in its catalogue.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { after, test } from 'node:test'
import { FALLBACK_REASONS, fileStem, MODE_DIRS, nextNumber, ROW_FILE } from '../plugin/hooks/protocol.ts'
import { nextCompaction, sessionDir, writeCompaction } from '../store/write.ts'
import { ENGINE_VERSION } from './engine-pin.ts'
import { repoRoot } from './shared.ts'

const json = (p: string) => JSON.parse(readFileSync(join(repoRoot, p), 'utf8'))

// The hooks module's other files are typed against the engine's declarations (plugin/tsconfig.json),
// not this project's, so they are loaded by a path tsc does not follow.
const load = (file: string): Promise<any> => import(join(repoRoot, 'plugin', 'hooks', file))
const hookLogic = await load('logic.ts')
const { PLUGIN_VERSION } = await load('version.ts')

const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** The project's own TypeScript sources (no dependencies, bundles or engine declarations). */
function sources(dir = repoRoot, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', '.git', '.lab', 'dist', 'types', '.claude-plugin'].includes(e.name)) continue
    const p = join(dir, e.name)
    if (e.isDirectory()) sources(p, out)
    else if (/\.(ts|mts)$/.test(e.name) && !e.name.endsWith('.d.ts')) out.push(relative(repoRoot, p))
  }
  return out
}
const read = (f: string) => readFileSync(join(repoRoot, f), 'utf8')

test('one copy of the bridge contract: its types are declared in plugin/hooks/protocol.ts alone', () => {
  const declared =
    /^\s*(?:export\s+)?(?:interface\s+(?:EngineInput|EngineMessage|ChildLine|RequestLine|DoneLine|FailedLine|PendingLine|AnswerFile|BridgeRequestArgs|BridgeValues)\b|type\s+(?:EngineInput|EngineMessage|ChildLine|RequestLine|DoneLine|FailedLine|PendingLine|AnswerFile|BridgeRequestArgs|BridgeValues)\s*=|const\s+(?:BRIDGE_CALLS|CHILD_LINE_TYPES|FALLBACK_REASONS|HISTORY_TOOLS|MODE_DIRS|ROW_FILE)\s*[=:])/gm
  const elsewhere = sources()
    .filter((f) => f !== join('plugin', 'hooks', 'protocol.ts') && !f.endsWith('.test.ts'))
    .flatMap((f) => [...read(f).matchAll(declared)].map((m) => `${f}: ${m[0]}`))
  assert.deepEqual(elsewhere, [])
})

test('one version: package.json, plugin.json, the hooks module', () => {
  const version = json('package.json').version
  assert.equal(json('plugin/.claude-plugin/plugin.json').version, version)
  assert.equal(PLUGIN_VERSION, version)
})

test("the store names and numbers a compaction's files by the contract", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ch-contract-'))
  made.push(dataDir)
  const ref = { dataDir, mode: 'rehearsal' as const, sessionId: 's-1' }
  const at = new Date('2026-03-04T05:06:07.089Z')
  const first = await nextCompaction(ref)
  const row = {
    v: 1 as const,
    at: at.toISOString(),
    sessionId: 's-1',
    mode: 'rehearsal' as const,
    trigger: 'manual',
    outcome: 'rehearsed' as const,
    reason: null,
    lineage: { n: first.n, prev: first.prev },
  }
  const w = await writeCompaction(ref, { row, handoff: 'h', at, index: false })
  assert.equal(w.row.files.row, join(MODE_DIRS.rehearsal, 's-1', `${fileStem(1, at)}.json`))
  assert.match(`${fileStem(1, at)}.json`, ROW_FILE)
  // A second compaction has claimed its number but not written its row: a failure's row the hooks
  // module numbers from the folder's names must not take it.
  const second = await nextCompaction(ref)
  assert.equal(second.n, 2)
  assert.deepEqual(nextNumber(readdirSync(sessionDir(ref))), { n: 3, prev: 1 })
  assert.equal(hookLogic.storedRow({}, 'x').files.row, 'x')
})

test('every fallback reason the code emits is a code in the catalogue, and every code is emitted', () => {
  // Each reason is made through the catalogue's key (typed FallbackCode on the Node side and in the
  // hooks module): new Fallback('code', ...) in the child, failed('code', ...) in the hooks module.
  const emits = /\b(?:new Fallback|failed)\(\s*'([^']+)'|(?:\?|:)\s*'((?:hook|child|spawn)-[a-z-]+)'/g
  const files = [
    ...readdirSync(join(repoRoot, 'engine')).map((f) => join('engine', f)),
    ...readdirSync(join(repoRoot, 'plugin', 'hooks')).map((f) => join('plugin', 'hooks', f)),
  ].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  const emitted = new Set(files.flatMap((f) => [...read(f).matchAll(emits)].map((m) => (m[1] ?? m[2])!)))
  for (const code of emitted) assert.ok(code in FALLBACK_REASONS, `${code} is emitted but not in FALLBACK_REASONS`)
  assert.deepEqual([...emitted].sort(), Object.keys(FALLBACK_REASONS).sort(), 'every code in the catalogue is emitted somewhere')
  // No reason spelled by hand: a catalogue code at the start of a string or template outside the contract.
  const byHand = new RegExp(`[\`'"](${Object.keys(FALLBACK_REASONS).join('|')}): `)
  for (const f of files.filter((f) => !f.endsWith('protocol.ts'))) assert.doesNotMatch(read(f), byHand, f)
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
  assert.deepEqual(json('plugin/.claude-plugin/plugin.json').engines, { 'claude-code': `>=${ENGINE_VERSION}` })
})
