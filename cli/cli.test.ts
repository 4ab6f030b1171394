/**
 * The CLI as a user runs it: the committed bundle through `npx compact-handoff`, on every real
 * transcript, on broken input, and with a broken config.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { compactedTranscript, rawTranscripts, repoRoot, skipWithoutCompacted, skipWithoutShared } from '../test/shared.ts'

const dir = mkdtempSync(join(tmpdir(), 'ch-cli-'))
after(() => rmSync(dir, { recursive: true, force: true }))

// No key in the environment: the run must not reach for a network.
// An empty override: the user's own (~/.claude) must not change what these runs build, and a
// COMPACT_HANDOFF_CONFIG that names a missing file is an error.
writeFileSync(join(dir, 'no-user-override.yaml'), '')
const env = { ...process.env, ANTHROPIC_API_KEY: '', COMPACT_HANDOFF_CONFIG: join(dir, 'no-user-override.yaml') }
const cli = (...args: string[]) => spawnSync('npx', ['--no-install', 'compact-handoff', ...args], { cwd: repoRoot, env, encoding: 'utf8' })

const MARKER = /^<!-- compact-handoff: session=[\w.-]+ n=\d{3} prev=(\d{3}|none) -->\n/

describe('npx compact-handoff', () => {
  for (const file of rawTranscripts().length ? rawTranscripts() : ['(none)']) {
    test(`build exits 0 and the handoff opens with the marker: ${file.split('/').pop()}`, { skip: skipWithoutShared }, () => {
      const r = cli('build', file, '--json')
      assert.equal(r.status, 0, r.stderr)
      const out = JSON.parse(r.stdout) as { handoff: string; marker: string; sections: Array<{ name: string; status: string }> }
      assert.match(out.handoff, MARKER)
      assert.equal(out.handoff.split('\n')[0], out.marker)
      assert.deepEqual(
        out.sections.map((s) => s.name),
        ['summary', 'ledger', 'state', 'commitments', 'turns', 'outline', 'recent', 'restore', 'excerpts'],
      )
    })
  }

  test('a 1.0.x transcript (no boundary lines): the default cut is its compaction, and --at-boundary 1 names it', { skip: skipWithoutCompacted }, () => {
    const file = compactedTranscript('Durban-Designer__vsla__0a725fb5-6378-432a-9e84-9f3f49d4043d.jsonl')
    const whole = JSON.parse(cli('build', file, '--json', '--end').stdout) as { transcript: { messages: number } }
    for (const args of [[], ['--at-boundary', '1']]) {
      const r = cli('build', file, '--json', ...args)
      assert.equal(r.status, 0, r.stderr)
      const out = JSON.parse(r.stdout) as { transcript: { messages: number }; handoff: string }
      assert.ok(out.transcript.messages < whole.transcript.messages, `${out.transcript.messages} of ${whole.transcript.messages}`)
      assert.ok(!out.handoff.includes('This session is being continued'), 'the cut is before the summary row')
    }
    assert.equal(cli('build', file, '--at-boundary', '2').status, 2, 'it holds one compaction')
  })

  test('the text form prints the handoff on stdout and the report on stderr', () => {
    const t = join(dir, 'one.jsonl')
    writeFileSync(
      t,
      [
        JSON.stringify({ type: 'user', sessionId: 'cli-test', uuid: 'u1', message: { role: 'user', content: 'please rename the flag' } }),
        '{not json',
        JSON.stringify({
          type: 'assistant',
          sessionId: 'cli-test',
          uuid: 'a1',
          message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'done' }] },
        }),
      ].join('\n'),
    )
    const r = cli('build', t)
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, MARKER)
    assert.match(r.stdout, /please rename the flag/)
    assert.match(r.stderr, /1 malformed line\(s\) skipped in .*one\.jsonl \(line 2\)/)
    assert.match(r.stderr, /kept {4}turns/)
    assert.match(r.stderr, /dropped summary .*SECTION_NO_MODEL: .*needs a model and the host offers none \(--model-replies FILE, or ANTHROPIC_API_KEY\)/)
    // The handoff itself, which a model reads, names no command-line flag.
    assert.match(r.stdout, /## Left out\n\n- [^\n]*needs a model and the host offers none\n/)
    assert.doesNotMatch(r.stdout, /--model-replies/)
    assert.match(r.stderr, /\d of 9 sections kept/)
    // The layers the pipeline was read from: the default (the user's override here is empty but there).
    assert.match(r.stderr, /\nconfig: \S*pipeline\.config\.yaml, \S*no-user-override\.yaml\n/)
  })

  test('a broken config: every issue as file:line:col, exit 1, no stack', () => {
    const bad = join(dir, 'bad.yaml')
    writeFileSync(bad, 'concurrency: 0\nsections:\n  - name: turnz\n  - name: ledger\n    budgetChar: 10\n')
    const t = join(dir, 'ok.jsonl')
    writeFileSync(t, JSON.stringify({ type: 'user', sessionId: 's', message: { role: 'user', content: 'hi' } }) + '\n')
    const c = cli('build', t, '--config', bad)
    assert.equal(c.status, 1)
    assert.match(c.stderr, /bad\.yaml:1:14 +concurrency must be/)
    assert.match(c.stderr, /bad\.yaml:3:11 +unknown section "turnz" — did you mean "turns"\?/)
    assert.match(c.stderr, /bad\.yaml:5:5 +.*budgetChar.*did you mean "budgetChars"/)
    assert.doesNotMatch(c.stderr, /at .*\.(ts|mjs):\d+/, 'no stack trace without --verbose')
  })

  test('a transcript with no conversation in it: exit 1 and one line, not an empty handoff', () => {
    const empty = join(dir, 'empty.jsonl')
    writeFileSync(empty, '')
    const junk = join(dir, 'junk.jsonl')
    writeFileSync(junk, '\u0000\u0001 not json\n{"type":"file-history-snapshot"}\n')
    for (const f of [empty, junk]) {
      const r = cli('build', f)
      assert.equal(r.status, 1, r.stdout)
      assert.equal(r.stdout, '')
      assert.match(r.stderr, /nothing to build a handoff from in .*: it holds no conversation/)
    }
  })

  test('--json: a section that produced nothing has chars null, never 0; a ceiling nothing can reach is said', () => {
    const t = join(dir, 'small.jsonl')
    writeFileSync(t, JSON.stringify({ type: 'user', sessionId: 's', message: { role: 'user', content: 'a request with some words in it' } }) + '\n')
    const r = cli('build', t, '--json', '--window', '50')
    assert.equal(r.status, 0, r.stderr)
    const out = JSON.parse(r.stdout) as { sections: Array<{ name: string; chars: number | null }>; totalChars: number }
    assert.equal(out.sections.find((s) => s.name === 'summary')!.chars, null)
    const text = cli('build', t, '--window', '50')
    // 0.2 of a 50-token window is 40 chars: not even the marker fits, and the run says so.
    assert.match(
      text.stderr,
      /note: the handoff is [\d,]+ chars, over its ceiling of 40 \(maxFraction: 0.2 of a 50-token window\), and no section left to cut would make it smaller/,
    )
  })

  test('usage errors exit 2 with one line; unknown files exit 1', () => {
    const u = cli('build')
    assert.equal(u.status, 2)
    assert.match(u.stderr, /expected one transcript path/)
    const m = cli('build', join(dir, 'nope.jsonl'))
    assert.equal(m.status, 1)
    assert.equal(m.stderr.trim(), `compact-handoff build: cannot read ${join(dir, 'nope.jsonl')}: no such file [TRANSCRIPT_UNREADABLE]`)
    const b = cli('build', join(dir, 'nope.jsonl'), '--at-boundary', 'x')
    assert.equal(b.status, 2)
    // One line naming the option, not parseArgs' advice and the whole help text.
    const o = cli('build', join(dir, 'nope.jsonl'), '--bogus')
    assert.equal(o.status, 2)
    assert.equal(o.stderr.trim(), 'compact-handoff build: unknown option --bogus (compact-handoff build --help lists the options) [USAGE]')
    // A folder --out cannot be written in is said before any build.
    const t = join(dir, 'ok-out.jsonl')
    writeFileSync(t, JSON.stringify({ type: 'user', sessionId: 's', message: { role: 'user', content: 'hi' } }) + '\n')
    const w = cli('build', t, '--out', join(dir, 'missing', 'h.md'))
    assert.equal(w.status, 2)
    assert.match(w.stderr, /--out .*h\.md: .*missing is not a folder that exists \[USAGE\]/)
  })

  test('--out holds what the next window receives: the handoff, then the restored Read results', { skip: skipWithoutShared }, () => {
    const file = rawTranscripts()[0]!
    const out = join(dir, 'window.md')
    const r = cli('build', file, '--out', out)
    assert.equal(r.status, 0, r.stderr)
    // The report goes to stderr as without --out; stdout is left empty.
    assert.equal(r.stdout, '')
    assert.match(r.stderr, /\d of 9 sections kept[\s\S]*handoff written to /)
    const json = JSON.parse(cli('build', file, '--json').stdout) as { handoff: string; messages: Array<{ toolResults?: Array<{ text: string }> }> }
    const text = readFileSync(out, 'utf8')
    // The same handoff (bar the state section's clock), then what it hands up.
    assert.equal(text.split('\n')[0], json.handoff.split('\n')[0])
    assert.ok(text.indexOf('## Files restored') > 0 && text.indexOf('## Files restored') < text.indexOf('<!-- then '))
    const results = json.messages.flatMap((m) => m.toolResults ?? [])
    assert.ok(results.length > 0, 'restore handed up Read results')
    for (const res of results) assert.ok(text.includes(res.text), 'each restored result is in the file')
    assert.match(text, /<!-- then \d+ messages? after the handoff, as the engine hands them on -->/)
  })
})
