/**
 * The examples in a real compaction: the project and both packages packed, installed the way the
 * README says (beside the user's override file, ~/.claude/compact-handoff/), named there, the
 * seam plugin (examples/seam-plugin, a Claude Code plugin) loaded beside ours, and a live
 * `/compact` through the engine: the handoff carries the example section, and the row records
 * both subscribers, the `plugins:` package's taps and the seam plugin's tool, each of which also
 * wrote its log line.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { npm, packAll } from '../packs.ts'
import { Lab, repoRoot, skipWithoutEngine } from './harness.ts'

const seamPlugin = join(repoRoot, 'examples', 'seam-plugin')

describe('section and subscriber packages in a real compaction', { skip: skipWithoutEngine, timeout: 600_000 }, () => {
  let lab: Lab
  const tmp = mkdtempSync(join(tmpdir(), 'ch-extensions-'))
  let logFile = ''
  before(async () => {
    const packs = packAll(tmp)
    lab = await Lab.create({ name: 'extensions', plugin: { live: true }, plugins: [seamPlugin] })
    const beside = join(lab.home, '.claude', 'compact-handoff')
    mkdirSync(beside, { recursive: true })
    npm(['install', packs.project, packs.sectionTodos, packs.subscriberLog], beside)
    logFile = join(lab.dir, 'subscriber-log.jsonl')
    writeFileSync(
      join(beside, 'pipeline.config.yaml'),
      `plugins:\n  - package: compact-handoff-subscriber-log\n    options:\n      file: ${JSON.stringify(logFile)}\nsections:\n  - name: todos\n    package: compact-handoff-section-todos\n`,
    )
  })
  after(async () => {
    await lab?.close()
    rmSync(tmp, { recursive: true, force: true })
  })

  test('/compact: the handoff carries the todos section, the row records both subscribers', async () => {
    const app = join(lab.project, 'app.js')
    const s = lab.session()
    await s.send(`FAKE_TOOL:Write ${JSON.stringify({ file_path: app, content: 'export const x = 1\n// TODO: retry when the socket closes\n' })}`)
    const compact = await s.send('/compact')
    assert.equal(compact.result.is_error, false)
    assert.equal(await s.close(), 0)

    const [row] = await lab.settledRows(1)
    assert.equal(row!.outcome, 'replaced', JSON.stringify({ reason: row!.reason, configProblems: row!.configProblems }))
    const todos = row!.sections.find((x: { name: string }) => x.name === 'todos')
    assert.equal(todos?.status, 'ok', JSON.stringify(todos))
    assert.match(lab.handoffOf(row!)!, /## Open TODOs in files written\n\napp\.js:2 {2}\/\/ TODO: retry when the socket closes/)
    // sectionDropped is heard only when a section drops: the row has it or not, ok either way.
    const seam = row!.seam.map(
      (x: { name: string; hook: string; status: string; message?: string }) => `${x.name} ${x.hook} ${x.status}${x.message ? ` ${x.message}` : ''}`,
    )
    assert.deepEqual(
      seam.filter((x: string) => !x.includes(' sectionDropped ')),
      // The config's plugins: first, then the engine seam's, in the order they subscribed.
      ['subscriber-log beforeCompact ok', 'seam-log beforeCompact ok', 'subscriber-log done ok'],
      seam.join('\n'),
    )
    assert.ok(row!.seam.every((x: { status: string; ms: number }) => x.status === 'ok' && typeof x.ms === 'number'))
    assert.ok(existsSync(logFile), 'the subscriber wrote its line')
    const logged = JSON.parse(readFileSync(logFile, 'utf8').trim()) as { sessionId: string; trigger: string; kept: string[]; messages: number }
    assert.equal(logged.trigger, 'manual')
    assert.equal(logged.sessionId, s.sessionId)
    assert.ok(logged.kept.includes('todos'))
    // The seam plugin's tool ran, in its own data folder, with what compact-handoff raised it with.
    const seamLog = join(lab.configDir, 'plugins', 'data', 'seam-log-inline', 'compactions.jsonl')
    assert.ok(existsSync(seamLog), 'the seam plugin wrote its line')
    const heard = readFileSync(seamLog, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { sessionId: string; trigger: string; messages: number })
    assert.equal(heard.length, 1)
    assert.equal(heard[0]!.sessionId, s.sessionId)
    assert.equal(heard[0]!.trigger, 'manual')
    assert.equal(heard[0]!.messages, logged.messages)
  })
})

describe('a package that does not load, in a real compaction', { skip: skipWithoutEngine, timeout: 120_000 }, () => {
  test('each is one line in the conversation, as a broken override is, and on the row; the handoff stands', async () => {
    const lab = await Lab.create({ name: 'extensions-unloaded', plugin: { live: true } })
    try {
      const beside = join(lab.home, '.claude', 'compact-handoff')
      mkdirSync(beside, { recursive: true })
      writeFileSync(
        join(beside, 'pipeline.config.yaml'),
        'plugins:\n  - package: not-installed-subscriber\nsections:\n  - name: todos\n    package: not-installed-section\n',
      )
      const s = lab.session()
      await s.send('hello, first turn')
      const compact = await s.send('/compact')
      assert.equal(compact.result.is_error, false)
      assert.equal(await s.close(), 0)
      const [row] = await lab.settledRows(1)
      assert.equal(row!.outcome, 'replaced', row!.reason)
      const todos = row!.sections.find((x: { name: string }) => x.name === 'todos')
      assert.equal(todos?.code, 'SECTION_LOAD_FAILED')
      const told = s.events.filter((e) => e.subtype === 'ui_log').map((e) => JSON.stringify(e))
      assert.equal(
        told.filter((t) => /section todos was left out: package \\"not-installed-section\\" is not installed beside/.test(t)).length,
        1,
        told.join('\n'),
      )
      assert.equal(
        told.filter((t) => /subscriber not-installed-subscriber was not loaded: package \\"not-installed-subscriber\\"/.test(t)).length,
        1,
        told.join('\n'),
      )
    } finally {
      await lab.close()
    }
  })
})
