/**
 * A rehearsal's late part (its model work, after the engine compacted) killed mid-way, through
 * the real engine: the store stays readable and a row says what happened, whoever survives.
 * The fake holds the summary's fork 60 s, so the late part is always caught waiting on it.
 *   - the late part alone is killed (SIGKILL): the hooks module completes the row with why;
 *   - the engine exits (its SIGTERM): the late part stores what it has and names what it lost;
 *   - both are killed at once: the pending row stays, and reads as lost.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { MARKERS } from './fake-model.mjs'
import { Lab, pluginDir, skipWithoutEngine } from './harness.ts'

/** Holds the summary's fork (and its cold completion) long past the test. */
const HOLD_SUMMARY = { slow: [{ match: MARKERS.summary.replace(/[[\]]/g, '\\$&'), ms: 60_000 }] }

/** The pending row a rehearsal stored before its late part ran, once it is there. */
async function pendingRow(lab: Lab): Promise<Record<string, any>> {
  for (let i = 0; i < 200; i++) {
    const row = lab.rows().find((r) => r.outcome === 'pending')
    if (row) return row
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no pending row: ${JSON.stringify(lab.rows())}`)
}

/** Waits until the fake has been asked for the summary's fork: the late part is then mid-way. */
async function summaryAsked(lab: Lab): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (lab.fake.held().some((r) => r.kind.startsWith('summary'))) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('the summary fork was never asked for')
}

/** `compact-handoff <args>` from the committed bundle, as a user would run it on the store. */
function cli(lab: Lab, ...args: string[]): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [join(pluginDir, 'dist', 'compact-handoff.mjs'), ...args, '--data-dir', lab.dataDir], { encoding: 'utf8' })
  return { code: r.status, out: r.stdout + r.stderr }
}

const ppid = (pid: number) =>
  Number(
    readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ')[1],
  )

describe("a rehearsal's late part killed mid-way", { skip: skipWithoutEngine, timeout: 120_000 }, () => {
  test('the late part alone (SIGKILL): the hooks module completes the row with why; the session goes on', async () => {
    const lab = await Lab.create({ name: 'late-kill', plugin: {}, fake: HOLD_SUMMARY })
    try {
      const s = lab.session()
      await s.send('FAKE_TOOL:Bash {"command":"echo late-kill-output","description":"print a line"}')
      const compact = await s.send('/compact')
      assert.equal(compact.result.is_error, false)
      const pending = await pendingRow(lab)
      await summaryAsked(lab)
      process.kill(pending.late.pid, 'SIGKILL')
      const [row] = await lab.settledRows(1, 30_000)
      const next = await s.send('AFTER_LATE_KILL')
      assert.equal(next.result.subtype, 'success', 'the session goes on')
      assert.match(JSON.stringify(lab.requestsWith('AFTER_LATE_KILL').at(-1)!.body.messages), /FAKE SUMMARY #\d+/, "the engine's own summary stands")
      assert.equal(await s.close(), 0)

      assert.equal(row!.outcome, 'fallback')
      assert.equal(row!.writtenBy, 'hooks')
      assert.match(row!.reason, /^late-part: child-crashed: the pipeline was killed by SIGKILL before answering \(.*after the engine had compacted/)
      assert.match(row!.path, /\.late\.json$/)
      assert.equal(row!.lineage.n, pending.lineage.n)
      assert.ok(row!.files.transcript, 'the conversation the pending write stored is still named')
      assert.match(readFileSync(join(lab.dataDir, row!.files.transcript), 'utf8'), /late-kill-output/)

      const status = cli(lab, 'status', '--session', s.sessionId!)
      assert.equal(status.code, 0, status.out)
      assert.match(status.out, /1 fallback/)
      assert.match(status.out, /killed by SIGKILL/)
      const list = cli(lab, 'list', '--all')
      assert.equal(list.code, 0, list.out)
      assert.match(list.out, /1 compaction \(rehearsal\).* fallback/, 'the pending line and its completion count once')
    } finally {
      await lab.close()
    }
  })

  test('the engine exits (SIGTERM to the late part): the late part stores what it has and names what it lost', async () => {
    const lab = await Lab.create({ name: 'late-exit', plugin: {}, fake: HOLD_SUMMARY })
    try {
      const s = lab.session()
      await s.send('a turn to compact')
      await s.send('/compact')
      await pendingRow(lab)
      await summaryAsked(lab)
      assert.equal(await s.close(), 0)
      const [row] = await lab.settledRows(1, 30_000)
      assert.equal(row!.outcome, 'rehearsed', JSON.stringify(row!.reason))
      assert.equal(row!.writtenBy, 'child')
      const summary = row!.sections.find((x: { name: string }) => x.name === 'summary')
      assert.equal(summary.status, 'dropped')
      assert.match(summary.message, /the engine went away before it answered \(SIGTERM: the engine is exiting\)/)
      assert.ok(
        row!.sections.some((x: { name: string; status: string }) => x.name === 'turns' && x.status === 'ok'),
        'what needs no model is kept',
      )
      assert.match(lab.handoffOf(row!)!, /a turn to compact/)
      const status = cli(lab, 'status', '--session', s.sessionId!)
      assert.equal(status.code, 0, status.out)
      assert.match(status.out, /1 rehearsed/)
      // What the rehearsal spent (the commitments' completion answered; the fork never did), as /handoff shows it.
      const answered = row!.model.calls.filter((c: { answeredBy: string | null }) => c.answeredBy !== null).length
      assert.equal(answered, 1, JSON.stringify(row!.model.calls))
      // The dropped summary's record has no price (no answer), so the row prices what it can.
      const priced = row!.cost.usd ?? row!.cost.pricedUsd
      assert.equal(typeof priced, 'number', JSON.stringify(row!.cost))
      assert.match(status.out, new RegExp(`1 model call,? \\$${priced.toFixed(4).replace('.', '\\.')}`))
      assert.match(status.out, /Model spent by compact-handoff in the session \(beside the engine's own summaries\): 1 call, \$\d+\.\d{4}/)
    } finally {
      await lab.close()
    }
  })

  test('both killed at once: the pending row stays, and the store reads it as lost', async () => {
    const lab = await Lab.create({ name: 'late-lost', plugin: {}, fake: HOLD_SUMMARY })
    try {
      const s = lab.session()
      await s.send('a turn to compact')
      await s.send('/compact')
      const pending = await pendingRow(lab)
      await summaryAsked(lab)
      const engine = ppid(pending.late.pid)
      process.kill(pending.late.pid, 'SIGKILL')
      process.kill(engine, 'SIGKILL')
      await s.close()
      const rows = lab.rows()
      assert.equal(rows.length, 1)
      assert.equal(rows[0]!.outcome, 'pending', 'nobody was left to complete it')
      const status = cli(lab, 'status', '--session', s.sessionId!)
      assert.equal(status.code, 0, status.out)
      assert.match(status.out, /1 pending/)
      assert.match(status.out, new RegExp(`late-part-lost: the rehearsal's late part \\(pid ${pending.late.pid}\\) ended before it finished`))
      const lookup = cli(lab, 'lookup', '--session', s.sessionId!, '--n', '1', '--file', 'transcript')
      assert.equal(lookup.code, 0, lookup.out)
      assert.match(lookup.out, /a turn to compact/, 'the conversation it replaced is on disk')
    } finally {
      await lab.close()
    }
  })
})
