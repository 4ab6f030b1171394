/**
 * The engine seam's subscribers in the child: each is one more guarded `beforeCompact` tap of the
 * real pipeline, raised over the bridge, recorded on the same `seam` rows, under the same
 * seamTimeoutMs, as a `plugins:` package's taps.
 */
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import type { Bridge } from './bridge.ts'
import { runEngine } from './child.ts'
import { builtinsOff } from '../test/builtins-off.ts'
import type { AnswerFile, ChildLine, DoneLine, EngineInput, RequestLine } from '../plugin/hooks/protocol.ts'

const made: string[] = []
const tmp = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p))
  made.push(d)
  return d
}
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

test('engine subscribers: ok, denied, a tool error and a silent tool each recorded on the row beside a plugins: tap', async () => {
  const dir = tmp('ch-seam-')
  // A plugins: subscriber beside the engine's, so the row shows both kinds in one list.
  const pkg = join(dir, 'node_modules', 'tap-here')
  mkdirSync(pkg, { recursive: true })
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'tap-here', type: 'module', exports: './index.js' }))
  writeFileSync(join(pkg, 'index.js'), `export default { name: 'tap-here', apply(hooks) { hooks.beforeCompact.tap('x', () => {}) } }\n`)
  const config = join(dir, 'pipeline.config.yaml')
  writeFileSync(config, `seamTimeoutMs: 400\nplugins:\n  - package: tap-here\nsections:\n${builtinsOff('turns')}`)
  const input: EngineInput = {
    trigger: 'auto',
    sessionId: 'sess-seam',
    cwd: dir,
    messages: [
      { role: 'user', text: 'make it so', toolUses: [], handle: 'h0' },
      { role: 'assistant', text: 'Done.', toolUses: [], handle: 'h1' },
    ],
    settings: { live: true, dataDir: join(dir, 'data'), maxChars: 0, maxFraction: 0, subagents: false, childTimeoutMs: 5_000, nodePath: 'node' },
    pluginRoot: '/plugin',
    pluginVersion: '9.9.9',
    subscribers: [
      { name: 'fine', tool: 'mcp__p1__hear', hook: 'beforeCompact' },
      { name: 'refused', tool: 'mcp__p2__hear', hook: 'beforeCompact' },
      { name: 'broken', tool: 'mcp__p3__hear', hook: 'beforeCompact' },
      { name: 'silent', tool: 'mcp__p4__hear', hook: 'beforeCompact' },
      { name: 'settled', tool: 'mcp__p5__hear', hook: 'afterCompact' },
    ],
  }
  const rundir = join(dir, 'run')
  const raised: RequestLine[] = []
  let bridge: Bridge | null = null
  const answer = (_id: number, a: AnswerFile) => bridge!.answer(a)
  const lines: ChildLine[] = []
  const started = Date.now()
  const ok = await runEngine(input, {
    rundir,
    connect: (b) => (bridge = b),
    env: { COMPACT_HANDOFF_CONFIG: config },
    send(line) {
      lines.push(line)
      if (line.type !== 'request' || line.call !== 'seam.raise') return
      raised.push(line)
      const byName: Record<string, AnswerFile | null> = {
        fine: { id: line.id, ok: true, value: { status: 'ok' } },
        refused: { id: line.id, ok: true, value: { status: 'denied', reason: 'an org policy refuses it' } },
        broken: { id: line.id, ok: false, error: 'no tool is named mcp__p3__hear' },
        silent: null,
        settled: { id: line.id, ok: true, value: { status: 'ok' } },
      }
      const a = byName[line.args.name]
      if (a) setTimeout(() => answer(line.id, a), 5)
    },
  })
  assert.equal(ok, true, JSON.stringify(lines.at(-1)))
  // Each tool raised once, with what a beforeCompact tap is told and whether the handoff is the
  // compaction; the afterCompact one after the others, once the handoff was final.
  assert.deepEqual(
    raised.map((r) => r.args),
    input.subscribers!.map((s) => ({
      tool: s.tool,
      name: s.name,
      sessionId: 'sess-seam',
      trigger: 'auto',
      messageCount: 2,
      mode: 'live',
      phase: s.hook === 'afterCompact' ? 'after' : 'before',
    })),
  )
  const done = lines.at(-1) as DoneLine
  const row = JSON.parse(readFileSync(join(input.settings.dataDir, (done.row.files as { row: string }).row), 'utf8'))
  const seam = row.seam.map((s: { name: string; hook: string; status: string; message?: string }) => [s.name, s.hook, s.status, s.message ?? ''])
  assert.deepEqual(seam, [
    ['tap-here', 'beforeCompact', 'ok', ''],
    ['fine', 'beforeCompact', 'ok', ''],
    ['refused', 'beforeCompact', 'denied', 'mcp__p2__hear was denied: an org policy refuses it'],
    ['broken', 'beforeCompact', 'threw', 'seam.raise: no tool is named mcp__p3__hear'],
    ['silent', 'beforeCompact', 'timedOut', 'no answer within 400 ms (seamTimeoutMs: 400)'],
    ['settled', 'done', 'ok', ''],
  ])
  // The silent one was waited for only as long as the setting says, side by side with the others.
  assert.ok(row.seam[4].ms >= 400 && Date.now() - started < 5_000, JSON.stringify(row.seam))
  // The handoff does not depend on the subscribers.
  assert.equal(row.outcome, 'replaced')
  assert.equal(row.sections.find((s: { name: string }) => s.name === 'turns').status, 'ok')
})
