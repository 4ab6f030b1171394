/**
 * `compact-handoff status|list|lookup|search|index` as a person runs them: the text the tools
 * answer, --json, --help, and one line with the documented exit code when something is refused.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { writeCompaction } from '../store/write.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
let dataDir = ''
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-cli-history-'))
  const row = (n: number) => ({
    v: 1 as const,
    at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    sessionId: 'cli-s1',
    mode: 'live' as const,
    trigger: 'manual',
    outcome: 'replaced' as const,
    reason: null,
    lineage: { n, prev: n > 1 ? n - 1 : null },
  })
  await writeCompaction(
    { dataDir, mode: 'live', sessionId: 'cli-s1' },
    { row: row(1), handoff: 'H1\n', transcript: 'a\nthe OSPREY-77 line\nc\n', index: false },
  )
  await writeCompaction({ dataDir, mode: 'live', sessionId: 'cli-s1' }, { row: row(2), handoff: 'H2\n', transcript: 'the HERON-12 line\n' })
})
after(() => rmSync(dataDir, { recursive: true, force: true }))

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', join(root, 'cli', 'main.ts'), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, COMPACT_HANDOFF_DATA_DIR: dataDir },
  })

describe('compact-handoff history commands', () => {
  test('search: every session by default; cites session, n, file and line', () => {
    const r = cli('search', 'HERON-12')
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, /^1 match for "HERON-12" in every session on this machine/)
    assert.match(r.stdout, /session cli-s1 n=2 transcript:1 {2}the HERON-12 line/)
    assert.match(r.stdout, /handoff_lookup \{"n": 2, "file": "transcript", "from": 1, "to": 6, "session": "cli-s1"\}/)
  })

  test('lookup prints the cited lines; --json gives the data', () => {
    const r = cli('lookup', '--session', 'cli-s1', '--n', '1', '--file', 'transcript', '--from', '2', '--to', '2')
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, /lines 2–2 of 3\n2\tthe OSPREY-77 line\n$/)
    const j = JSON.parse(cli('lookup', '--session', 'cli-s1', '--json').stdout)
    assert.deepEqual([j.n, j.from, j.to, j.lines], [2, 1, 1, ['H2']])
  })

  test('a shortened session id is not taken for a session with nothing stored: the ones it begins are named', () => {
    const s = cli('status', '--session', 'cli-s')
    assert.equal(s.status, 0, s.stderr)
    assert.match(s.stdout, /Compactions in the session: none yet; the store holds cli-s1 \(a session id is matched whole\)/)
    assert.match(cli('list', '--session', 'cli-s').stdout, /session cli-s has no stored compactions yet; the store holds cli-s1/)
    const l = cli('lookup', '--session', 'cli-s')
    assert.equal(l.status, 1)
    assert.match(l.stderr, /session cli-s has no stored compactions .*; the store holds cli-s1 \(a session id is matched whole\) \[STORE_REFUSED\]/)
  })

  test('status and list', () => {
    const s = cli('status', '--session', 'cli-s1')
    assert.equal(s.status, 0, s.stderr)
    assert.match(s.stdout, /^compact-handoff \S+\nData dir: /)
    assert.match(s.stdout, /Compactions in the session: 2 \(2 replaced\)/)
    const l = cli('list', '--all')
    assert.match(l.stdout, /Sessions that compacted on this machine: 1/)
    assert.match(cli('list', '--session', 'cli-s1').stdout, /^Compactions of session cli-s1: 2/)
  })

  test('refusals are one line with exit 1; usage errors exit 2; --help exits 0', () => {
    for (const args of [
      ['lookup', '--session', '../x'],
      ['lookup', '--session', 'nobody'],
      ['lookup', '--session', 'cli-s1', '--n', '1', '--file', 'transcript', '--from', '99'],
      ['search', 'x', '--session', 'nobody'],
    ]) {
      const r = cli(...args)
      assert.equal(r.status, 1, `${args.join(' ')}: ${r.stdout}${r.stderr}`)
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr)
      assert.match(r.stderr, /^compact-handoff (lookup|search): /)
    }
    assert.equal(cli('lookup').status, 2)
    assert.equal(cli('search').status, 2)
    assert.equal(cli('lookup', '--session', 'cli-s1', '--n', 'two').status, 2)
    // A value the tool's schema refuses is the command line's mistake, like any bad option.
    for (const bad of [
      ['--mode', 'bogus'],
      ['--file', 'bogus'],
    ]) {
      const r = cli('lookup', '--session', 'cli-s1', ...bad)
      assert.equal(r.status, 2, r.stderr)
      assert.match(r.stderr, /must be one of .* \[USAGE\]/)
    }
    assert.equal(cli('report', '--quality', join(dataDir, 'no-such.json'), '--out', join(dataDir, 'r.html')).status, 2)
    for (const c of ['status', 'list', 'lookup', 'search', 'index']) {
      const h = cli(c, '--help')
      assert.equal(h.status, 0)
      assert.match(h.stdout, new RegExp(`^Usage: compact-handoff ${c}`))
    }
  })

  test('index adds what the index lacks (the first compaction was stored without it)', () => {
    const before = cli('search', 'OSPREY-77', '--json')
    assert.equal(JSON.parse(before.stdout).via, 'index')
    assert.equal(JSON.parse(before.stdout).hits.length, 0, 'not indexed yet, and the index answers')
    const r = cli('index')
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, /^indexed 2 texts \(\d+ chunks\) from 1 session/)
    assert.equal(JSON.parse(cli('search', 'OSPREY-77', '--json').stdout).hits.length, 1)
  })

  test("tool: the plugin's entry answers with the text, exit 1 and one line when refused", () => {
    const run = (name: string, input: unknown) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'cli', 'main.ts'), 'tool', name], {
        cwd: root,
        encoding: 'utf8',
        input: JSON.stringify(input),
      })
    const ok = run('handoff_search', { args: { query: 'OSPREY' }, context: { sessionId: 'cli-s1', dataDir, live: true, pluginVersion: '1.2.3' } })
    assert.equal(ok.status, 0, ok.stderr)
    assert.match(ok.stdout, /n=1 transcript:2/)
    const bad = run('handoff_lookup', { args: { n: 9 }, context: { sessionId: 'cli-s1', dataDir, live: true } })
    assert.equal(bad.status, 1)
    assert.equal(bad.stdout, 'handoff_lookup: this session has no compaction n=9 (it has live n=1–2)\n')
    const slash = run('handoff_command', { args: { words: 'OSPREY' }, context: { sessionId: 'cli-s1', dataDir, live: true, pluginVersion: '1.2.3' } })
    assert.match(slash.stdout, /^compact-handoff 1\.2\.3 · live/)
    assert.match(slash.stdout, /1 match for "OSPREY" in this session/)
  })
})
