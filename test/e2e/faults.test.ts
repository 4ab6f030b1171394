/**
 * Every injected fault, live, through the real engine: the engine's own summary stands, a row
 * names the reason, and the session goes on. COMPACT_HANDOFF_FAULT is read by the pipeline child
 * (test only); node is taken off PATH; the data dir is put under a file.
 */
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { firstUserText, Lab, type LabOptions, MARKER_RE, skipWithoutEngine } from './harness.ts'

interface Case {
  name: string
  lab: Partial<LabOptions>
  reason: RegExp
  /** Where the row is written: the data dir, or the plugin's own data folder when the data dir refuses it. */
  rowIn?: 'plugin-data'
  writtenBy: 'hooks' | 'child'
  setup?: (lab: Lab) => Record<string, string>
}

const cases: Case[] = [
  {
    name: 'the child crashes',
    lab: { env: { COMPACT_HANDOFF_FAULT: 'crash' } },
    reason: /^child-crashed: the pipeline exited with code 70 before answering \(.*crashing on purpose/,
    writtenBy: 'hooks',
  },
  {
    name: 'the child hangs past its timeout',
    lab: { env: { COMPACT_HANDOFF_FAULT: 'hang' }, plugin: { live: true, childTimeoutMs: 1500 } },
    reason: /^timeout: the pipeline gave no answer within 1500 ms \(childTimeoutMs\)$/,
    writtenBy: 'hooks',
  },
  { name: 'node is missing', lab: { withoutNode: true }, reason: /^node-missing: "node" did not start: .*(ENOENT|not found)/, writtenBy: 'hooks' },
  {
    name: 'the pipeline returns nothing usable',
    lab: { env: { COMPACT_HANDOFF_FAULT: 'empty' } },
    reason: /^empty-handoff: the pipeline returned no handoff text/,
    writtenBy: 'child',
  },
  {
    name: 'the data dir is unwritable',
    lab: {},
    setup: (lab) => {
      const file = join(lab.dir, 'not-a-folder')
      writeFileSync(file, 'x')
      return { COMPACT_HANDOFF_DATA_DIR: join(file, 'data') }
    },
    reason: /^store-unreadable: ENOTDIR.*; the data dir .* refused the row/,
    rowIn: 'plugin-data',
    writtenBy: 'hooks',
  },
]

describe('faults end in the engine compacting and a row with the reason', { skip: skipWithoutEngine, timeout: 120_000 }, () => {
  for (const c of cases) {
    test(c.name, async () => {
      const lab = await Lab.create({ name: 'fault', plugin: { live: true }, ...c.lab })
      try {
        const env = c.setup?.(lab) ?? {}
        const s = lab.session([], env)
        await s.send('hello, first turn')
        const compact = await s.send('/compact')
        assert.equal(compact.result.is_error, false, JSON.stringify(compact.result))
        const next = await s.send('AFTER_FAULT')
        assert.equal(next.result.subtype, 'success', 'the session goes on')
        assert.equal(await s.close(), 0)

        const req = lab.requestsWith('AFTER_FAULT').at(-1)!
        assert.match(JSON.stringify(req.body.messages), /FAKE SUMMARY #\d+/, "the engine's own summary stands")
        assert.doesNotMatch(firstUserText(req), MARKER_RE)

        const rows = lab.rows()
        assert.equal(rows.length, 1, JSON.stringify(rows))
        const row = rows[0]!
        assert.equal(row.outcome, 'fallback')
        assert.equal(row.mode, 'live')
        assert.equal(row.writtenBy, c.writtenBy)
        assert.match(row.reason, c.reason)
        assert.ok(row.path.startsWith(c.rowIn === 'plugin-data' ? lab.pluginData() : lab.dataDir), row.path)
        if (c.lab.withoutNode) {
          const told = s.events.filter((e) => e.subtype === 'ui_log' || e.type === 'ui_log')
          assert.equal(told.filter((e) => /Node\.js 20 or later/.test(JSON.stringify(e))).length, 1, 'told once, with how to fix it')
        }
      } finally {
        await lab.close()
      }
    })
  }
})
