/**
 * The README's install, in an isolated HOME: two `claude plugin` commands add this repo as a
 * marketplace and install the plugin from it; the next /compact is ours, rehearsed by default,
 * and live once `claude plugin configure` switches it on.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import { claudeBin, firstUserText, Lab, MARKER_RE, repoRoot, skipWithoutEngine } from './harness.ts'

describe('installed from the marketplace', { skip: skipWithoutEngine, timeout: 60_000 }, () => {
  let lab: Lab
  let sessionId = ''
  const claude = (args: string[], input?: string) => {
    const r = spawnSync(claudeBin, args, { cwd: lab.project, env: lab.env(), encoding: 'utf8', input })
    assert.equal(r.status, 0, `claude ${args.join(' ')}: ${r.stdout}${r.stderr}`)
    return r.stdout
  }
  before(async () => {
    lab = await Lab.create({ name: 'install', plugin: false })
  })
  after(async () => lab?.close())

  test('claude plugin marketplace add <repo>, then claude plugin install compact-handoff@compact-handoff', () => {
    assert.match(claude(['plugin', 'marketplace', 'add', repoRoot]), /Successfully added marketplace: compact-handoff/)
    assert.match(claude(['plugin', 'install', 'compact-handoff@compact-handoff']), /Successfully installed plugin: compact-handoff@compact-handoff/)
  })

  test('a session loads the module, and its /compact is rehearsed by default', async () => {
    const s = lab.session()
    await s.send('hello from an installed plugin')
    await s.send('/compact')
    // The rehearsal finishes after the engine compacted: its row is complete before the session ends.
    await lab.settledRows(1)
    await s.send('AFTER_INSTALLED_COMPACTION')
    assert.equal(await s.close(), 0)
    sessionId = s.sessionId!
    assert.match(lab.debugLog(1), /hooks module compact-handoff@compact-handoff loaded/)
    const rows = lab.rows()
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.outcome, 'rehearsed')
    assert.match(JSON.stringify(lab.requestsWith('AFTER_INSTALLED_COMPACTION').at(-1)!.body.messages), /FAKE SUMMARY/)
  })

  test('switched on with claude plugin configure, the next /compact hands up our handoff', async () => {
    assert.match(claude(['plugin', 'configure', 'compact-handoff@compact-handoff', '--values-stdin'], '{"live":"true"}'), /saved/i)
    assert.equal((await lab.run(['--resume', sessionId, '/compact'])).code, 0)
    const run = await lab.run(['--resume', sessionId, 'AFTER_LIVE_COMPACTION'])
    assert.equal(run.code, 0)
    const rows = lab.rows()
    assert.equal(rows.length, 2)
    assert.equal(rows[1]!.outcome, 'replaced')
    assert.match(firstUserText(lab.requestsWith('AFTER_LIVE_COMPACTION').at(-1)!), MARKER_RE)
    // The installed copy ran (the engine caches the marketplace's plugin folder), not the repo's.
    assert.ok(readdirSync(`${lab.configDir}/plugins/cache/compact-handoff/compact-handoff`).length > 0)
  })
})
