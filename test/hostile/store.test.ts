/**
 * The store and the CLI around it, under hostile use. Before: concurrent compactions of one
 * session all got n=1; `--out` could overwrite the transcript and wrote 0644; `lookup` returned
 * 200 KB for one long line; a data dir that was a file gave exit 3 "internal error"; `search`
 * created a missing data dir; COMPACT_HANDOFF_CONFIG naming a missing file was ignored; a
 * timeoutMs of 2^31 validated and then timed out at once.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { ConfigError } from '../../pipeline/config/format.ts'
import { loadConfig } from '../../pipeline/config/load.ts'
import { builtinSections } from '../../sections/index.ts'
import { indexDocs } from '../../store/search.ts'
import { runTool } from '../../store/tools.ts'
import { type CompactionRow, nextCompaction, writeCompaction } from '../../store/write.ts'
import { assistantRow, cli, text, userRow, writeJsonl } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'ch-hostile-store-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const SESSION = 'aaaa0000-1111-2222-3333-444455556666'
const mode = (p: string) => (statSync(p).mode & 0o777).toString(8)

function row(n: number): CompactionRow {
  return {
    v: 1,
    at: new Date(Date.UTC(2026, 0, 2, 3, n)).toISOString(),
    sessionId: SESSION,
    mode: 'live',
    trigger: 'manual',
    outcome: 'replaced',
    reason: null,
    lineage: { n, prev: null },
    sections: [],
  } as CompactionRow
}

describe('hostile: the store', () => {
  test('concurrent compactions of one session get distinct numbers', async () => {
    const dataDir = join(dir, 'concurrent')
    const ref = { dataDir, mode: 'live' as const, sessionId: SESSION }
    const ns = await Promise.all(Array.from({ length: 8 }, () => nextCompaction(ref)))
    assert.deepEqual(
      ns.map((x) => x.n).sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8],
    )
    // A row written for one of them does not hand its number out again.
    await writeCompaction(ref, { row: row(3), handoff: 'three\n', index: false })
    assert.equal((await nextCompaction(ref)).n, 9)
    assert.equal(mode(join(dataDir, 'sessions', SESSION)), '700')
  })

  test('the store and search lock directories are 0700', async () => {
    const dataDir = join(dir, 'modes')
    await indexDocs(dataDir, [
      { path: 'sessions/x/001.md', sessionId: SESSION, mode: 'live', n: 1, kind: 'handoff', at: new Date().toISOString(), text: 'hello there' },
    ])
    assert.equal(mode(dataDir), '700')
    assert.equal(mode(join(dataDir, 'search')), '700')
  })

  test('lookup caps each line: one 200 KB line comes back clipped, and says so', async () => {
    const dataDir = join(dir, 'long-line')
    await writeCompaction({ dataDir, mode: 'live', sessionId: SESSION }, { row: row(1), handoff: `${'y'.repeat(200_000)}\nsecond line\n`, index: false })
    const a = await runTool('handoff_lookup', { n: 1, session: SESSION }, { dataDir, sessionId: null, live: null, pluginVersion: 't', by: 'cli' })
    assert.ok(!a.error, a.text)
    assert.ok(a.text.length < 41_000, `${a.text.length} chars`)
    assert.match(a.text, /more chars on this line not shown \(40,000-char cap\)/)
  })
})

describe('hostile: the CLI around the store', () => {
  const dataFile = join(dir, 'not-a-dir')
  writeFileSync(dataFile, 'a file, not a folder')

  for (const args of [['status'], ['list', '--all'], ['search', 'anything'], ['lookup', '--session', SESSION], ['index']]) {
    test(`${args[0]} with a data dir that is a file: one plain line, exit 1`, () => {
      const r = cli([...args, '--data-dir', dataFile])
      assert.equal(r.status, 1, r.stderr)
      assert.equal(r.stderr.trim().split('\n').length, 1)
      assert.match(r.stderr, /the data dir .* is not a directory/)
    })
  }

  test('read-only commands on a missing data dir create nothing', () => {
    const missing = join(dir, 'never-made')
    for (const args of [['status'], ['list', '--all'], ['search', 'words'], ['status', '--session', SESSION]]) cli([...args, '--data-dir', missing])
    assert.equal(existsSync(missing), false)
  })

  test('--out is written 0600, and never over the transcript it reads', () => {
    const work = join(dir, 'out')
    mkdirSync(work)
    const transcript = writeJsonl(join(work, 's.jsonl'), [userRow('fix it', { cwd: work }), assistantRow('m1', [text('on it')])])
    const before = readFileSync(transcript, 'utf8')
    const same = cli(['build', transcript, '--out', transcript])
    assert.equal(same.status, 2)
    assert.match(same.stderr, /is the transcript being read/)
    assert.equal(readFileSync(transcript, 'utf8'), before)
    const out = join(work, 'handoff.md')
    writeFileSync(out, 'old', { mode: 0o644 })
    const r = cli(['build', transcript, '--out', out])
    assert.equal(r.status, 0, r.stderr)
    assert.equal(mode(out), '600')
    assert.match(readFileSync(out, 'utf8'), /^<!-- compact-handoff: /)
  })
})

describe('hostile: config', () => {
  test('COMPACT_HANDOFF_CONFIG naming a missing file is an error that says so', () => {
    const transcript = writeJsonl(join(dir, 'cfg.jsonl'), [userRow('hi', { cwd: dir }), assistantRow('m1', [text('hello')])])
    const r = cli(['build', transcript], { env: { COMPACT_HANDOFF_CONFIG: join(dir, 'missing.yaml') } })
    assert.equal(r.status, 1)
    assert.match(r.stderr, /missing\.yaml {2}config file not found/)
  })

  test('a timeoutMs of 2^31 or more is refused by the schema', () => {
    const file = join(dir, 'timeout.yaml')
    writeFileSync(file, 'sections:\n  - name: turns\n    timeoutMs: 2147483648\n')
    assert.throws(
      () => loadConfig({ files: [join(import.meta.dirname, '..', '..', 'pipeline.config.yaml'), file], builtins: builtinSections }),
      (e: unknown) => e instanceof ConfigError && /sections\.turns\.timeoutMs must be an integer from 1 to 2147483647 \(got 2147483648\)/.test(e.message),
    )
  })
})

test('hostile: the CLI creates everything owner-only (SQLite lock folders included)', async () => {
  const { spawnSync } = await import('node:child_process')
  const probe = `import { main } from ${JSON.stringify(join(import.meta.dirname, '..', '..', 'cli', 'main.ts'))}; await main(['--version']); process.stdout.write('umask ' + process.umask().toString(8))`
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', probe], { encoding: 'utf8' })
  assert.match(r.stdout, /umask 77$/, r.stderr)
})

test('hostile: --out to a device writes through it and leaves its mode alone', () => {
  const transcript = writeJsonl(join(dir, 'dev.jsonl'), [userRow('hi', { cwd: dir }), assistantRow('m1', [text('hello')])])
  const before = statSync('/dev/null').mode
  const r = cli(['build', transcript, '--out', '/dev/null'])
  assert.equal(r.status, 0, r.stderr)
  assert.equal(statSync('/dev/null').mode, before)
})
