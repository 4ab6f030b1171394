/**
 * All six built-in sections, live, through the real engine and the project's fake model: a
 * stream-json session in a git work dir writes, edits and reads files and runs shell commands,
 * then `/compact` hands up the handoff. The next request must carry every section's part, with
 * the restored file as a real Read pair holding the file as it stands on disk; the stored row
 * must carry the model calls and what they cost. With the fake model failing every model call,
 * the four sections that need no model still hand up, and the row says why the other two went.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { costOf } from '../../pipeline/pricing.ts'
import { type FakeRequest, MARKERS, SUMMARY_TEXT } from './fake-model.mjs'
import { blocksOf, firstUserText, Lab, MARKER_RE, newestUserText, skipWithoutEngine, toolPairing } from './harness.ts'

const BRANCH = 'feature/handoff-e2e'
const ASK = 'Please keep the answer at 42. Did you also update the release notes?'
/** What the fake reports on every reply: a cache read and a cache write, so the costs have all four parts. */
const FAKE_USAGE = { inputTokens: 50, outputTokens: 20, cacheReadTokens: 1_200, cacheWriteTokens: 300 }

/** A git work dir: two commits on a feature branch, and one tracked file changed but not committed. */
function gitProject(dir: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, stdio: 'pipe', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null' } })
  mkdirSync(dir, { recursive: true })
  git('init', '-q', '-b', BRANCH)
  git('config', 'user.name', 'E2E')
  git('config', 'user.email', 'e2e@example.invalid')
  git('config', 'commit.gpgsign', 'false')
  writeFileSync(join(dir, 'README.md'), '# e2e project\n')
  git('add', '-A')
  git('commit', '-q', '-m', 'first commit: readme')
  writeFileSync(join(dir, 'notes.md'), 'line one of the notes\nline two of the notes\n')
  git('add', '-A')
  git('commit', '-q', '-m', 'second commit: notes')
  writeFileSync(join(dir, 'README.md'), '# e2e project\n\nchanged, not committed\n')
}

/** The typed turns of the session, in order: tool calls by the fake's FAKE_TOOL directive. */
function turnsFor(project: string): string[] {
  const app = join(project, 'app.js')
  const notes = join(project, 'notes.md')
  return [
    `FAKE_TOOL:Write ${JSON.stringify({ file_path: app, content: 'export const answer = 41\n' })}`,
    `FAKE_TOOL:Edit ${JSON.stringify({ file_path: app, old_string: '41', new_string: '42' })}`,
    `FAKE_TOOL:Read ${JSON.stringify({ file_path: notes })}`,
    // Changes notes.md after its last Read: what comes back restored must be this, not the Read's copy.
    `FAKE_TOOL:Bash ${JSON.stringify({ command: "echo 'line three, added by bash after the read' >> notes.md", description: 'append to the notes' })}`,
    `FAKE_TOOL:Bash ${JSON.stringify({ command: 'ls /nonexistent-e2e-dir', description: 'a command that fails' })}`,
    ASK,
  ]
}

const section = (row: any, name: string) => row.sections.find((s: { name: string }) => s.name === name)

/** The request's messages without the engine's mid-conversation system entries. */
const convo = (r: FakeRequest) => r.body.messages.filter((m) => m.role !== 'system')

/** The handoff's `## <title>` part, up to the next `## `. */
function part(handoff: string, title: string): string {
  const at = handoff.indexOf(`\n## ${title}\n`)
  assert.ok(at >= 0, `the handoff has a "## ${title}" part; its headings: ${handoff.match(/^## .+$/gm)?.join(' | ')}`)
  const rest = handoff.slice(at + 1)
  const end = rest.indexOf('\n## ', 4)
  return end < 0 ? rest : rest.slice(0, end)
}

describe('all nine sections, live through the engine', { skip: skipWithoutEngine, timeout: 120_000 }, () => {
  let lab: Lab
  let req: FakeRequest
  let row: any
  let sessionId = ''
  before(async () => {
    lab = await Lab.create({ name: 'sections', plugin: { live: true }, fake: FAKE_USAGE })
    gitProject(lab.project)
    const s = lab.session()
    for (const t of turnsFor(lab.project)) {
      const turn = await s.send(t)
      assert.equal(turn.result.subtype, 'success', `${t}: ${JSON.stringify(turn.result)}`)
    }
    const compact = await s.send('/compact')
    assert.equal(compact.result.is_error, false, JSON.stringify(compact.result))
    await s.send('AFTER_COMPACTION')
    assert.equal(await s.close(), 0)
    sessionId = s.sessionId!
    req = lab.requestsWith('AFTER_COMPACTION').at(-1)!
    assert.ok(req, 'the turn after the compaction reached the model')
    const rows = lab.rows()
    assert.equal(rows.length, 1, JSON.stringify(rows))
    row = rows[0]
  })
  after(async () => lab?.close())

  test('(a) the next request opens with the handoff, our marker first', () => {
    const first = firstUserText(req)
    const m = MARKER_RE.exec(first)
    assert.ok(m, `opens with: ${first.slice(0, 200)}`)
    assert.deepEqual([m[1], m[2], m[3]], [sessionId, '001', 'none'])
    assert.equal(lab.requests().filter((r) => r.kind === 'compaction').length, 0, "core's summarizer never ran")
    assert.deepEqual(
      row.sections.map((s: { name: string; status: string }) => [s.name, s.status]),
      [...['summary', 'ledger', 'state', 'commitments', 'turns', 'outline', 'recent', 'restore'].map((n) => [n, 'ok']), ['excerpts', 'dropped']],
    )
    // A session this small is carried whole by the others (its files restored, its calls in the
    // newest work): excerpts has no line left holding a name the handoff lacks, and says so.
    assert.equal(section(row, 'excerpts').code, 'SECTION_EMPTY')
  })

  test("(b) every section's part is in it: summary, ledger, state, commitments, the turns verbatim", () => {
    const handoff = firstUserText(req)
    const project = lab.project

    const summary = part(handoff, 'Summary')
    assert.match(summary, new RegExp(`${SUMMARY_TEXT.reading} #\\d+: a session with the project's fake model`))
    assert.ok(summary.includes('[ask] carry on with the fake session — in progress'), summary)
    assert.ok(summary.includes(`[file] ${join(project, 'notes.md')} — touched in the session`), 'the inventory names the file the fake read last')
    assert.ok(!handoff.includes(SUMMARY_TEXT.analysis), 'the <analysis> block is dropped')
    assert.doesNotMatch(handoff, /<\/?(analysis|summary|restore-files)>/, 'no reply tags are handed up')

    const ledger = part(handoff, 'Tool ledger')
    assert.ok(ledger.includes('app.js'), `the ledger names the file written and edited:\n${ledger}`)
    assert.ok(ledger.includes('ls /nonexistent-e2e-dir'), 'the ledger lists the failing command')
    assert.ok(ledger.includes('notes.md'), 'the ledger names the file the shell appended to')

    const state = part(handoff, 'State at compaction')
    assert.ok(state.includes(BRANCH), `the state names the branch:\n${state}`)
    assert.ok(state.includes('second commit: notes'), 'and the last commit')
    assert.ok(state.includes('README.md'), 'and the changed file')

    const commitments = part(handoff, 'Open commitments')
    assert.ok(commitments.includes(`"${ASK}" — the fake model never answers a question`), `the fake's question row:\n${commitments}`)
    assert.match(commitments, /"Fake reply #\d+\." — the fake model never does what it says/, 'and its unkept row (the newest assistant text)')

    const turns = part(handoff, "The user's words, verbatim")
    for (const t of turnsFor(project)) assert.ok(turns.includes(`\n${t}\n</turn>`), `turn verbatim: ${t}`)
  })

  test('(c) the restored file is a real Read pair right after the handoff, with the content on disk now', () => {
    const msgs = convo(req)
    const at = msgs.findIndex((m) => blocksOf(m.content).some((b) => b.type === 'text' && MARKER_RE.test(b.text)))
    assert.ok(at >= 0, 'the handoff message is in the request')
    const use = msgs[at + 1]
    const result = msgs[at + 2]
    assert.equal(use?.role, 'assistant')
    const reads = blocksOf(use!.content).filter((b) => b.type === 'tool_use')
    assert.deepEqual(
      reads.map((b) => [b.name, b.input.file_path]),
      [['Read', join(lab.project, 'notes.md')]],
      'one Read of the file the summary named',
    )
    assert.equal(result?.role, 'user')
    const answered = blocksOf(result!.content).filter((b) => b.type === 'tool_result')
    assert.deepEqual(
      answered.map((b) => b.tool_use_id),
      [reads[0]!.id],
      'its tool_result follows it at once',
    )
    const text =
      typeof answered[0]!.content === 'string'
        ? answered[0]!.content
        : blocksOf(answered[0]!.content)
            .map((b) => b.text)
            .join('')
    const onDisk = readFileSync(join(lab.project, 'notes.md'), 'utf8')
    assert.ok(onDisk.includes('line three, added by bash after the read'), 'the shell did change the file after the Read')
    for (const line of onDisk.trimEnd().split('\n')) assert.ok(text.includes(line), `the restored text holds "${line}" (the file as it is now):\n${text}`)
    const pairs = toolPairing(req)
    assert.deepEqual([pairs.unpaired, pairs.orphanResults, pairs.duplicateUses], [[], [], []])
    assert.deepEqual(
      row.reads.map((r: { path: string; ok: boolean; via: string }) => [r.path, r.ok, r.via]),
      [[join(lab.project, 'notes.md'), true, 'read-tool']],
    )
  })

  test("(d) the stored row carries the summary's and commitments' model calls, priced", () => {
    const usage = { ...FAKE_USAGE }
    const usd = costOf('claude-opus-5-5', usage).usd
    assert.ok(typeof usd === 'number' && usd > 0)
    const summary = section(row, 'summary').record
    assert.deepEqual([summary.path, summary.warm, summary.model], ['fork', true, 'claude-opus-5-5'])
    assert.deepEqual(summary.usage, usage, 'the fork reports all four counts the fake sent')
    assert.equal(summary.cost.usd, usd)
    assert.match(summary.cost.basis, /^measured: reported usage at claude-opus-5-5 rates/)
    const commitments = section(row, 'commitments').record
    assert.deepEqual([commitments.path, commitments.warm, commitments.model], ['complete', false, 'claude-opus-5-5'])
    assert.deepEqual(commitments.usage, usage)
    assert.equal(commitments.cost.usd, usd)
    for (const name of ['ledger', 'state', 'turns', 'outline', 'recent', 'restore'])
      assert.equal(section(row, name).record?.cost, undefined, `${name} made no model call`)
    // The engine's side of the same calls: one fork, one completion, each answered, usage summed.
    assert.deepEqual(row.model.calls.map((c: { call: string; answeredBy: string }) => [c.call, c.answeredBy]).sort(), [
      ['complete', 'complete'],
      ['fork', 'fork'],
    ])
    assert.deepEqual(row.usage, { input_tokens: 100, output_tokens: 40, cache_read_input_tokens: 2_400, cache_creation_input_tokens: 600 })
    // The requests behind them: the fork offered the session's tools, the completion none.
    const fork = lab.requests().find((r) => r.kind === 'summary')!
    const complete = lab.requests().find((r) => r.kind === 'commitments')!
    assert.ok(newestUserText(fork).includes(MARKERS.summary) && (fork.body.tools?.length ?? 0) > 0)
    assert.ok(newestUserText(complete).startsWith(MARKERS.commitments) && (complete.body.tools?.length ?? 0) === 0)
  })
})

describe('with the fake model failing every model call', { skip: skipWithoutEngine, timeout: 120_000 }, () => {
  test('ledger, state, turns and restore (by recency) still hand up; the row says why summary and commitments went', async () => {
    const lab = await Lab.create({ name: 'sections-fail', plugin: { live: true }, fake: { fail: 'markers:529' } })
    try {
      gitProject(lab.project)
      const s = lab.session()
      for (const t of turnsFor(lab.project)) await s.send(t)
      const compact = await s.send('/compact')
      assert.equal(compact.result.is_error, false, JSON.stringify(compact.result))
      await s.send('AFTER_COMPACTION')
      assert.equal(await s.close(), 0)

      const failed = lab.requests().filter((r) => r.kind === 'fail:markers')
      assert.equal(failed.length, 2, 'the fork and the completion were both refused, once each')
      const [row, ...more] = lab.rows()
      assert.equal(more.length, 0)
      assert.equal(row!.outcome, 'replaced', 'the handoff still stands')
      const sections = Object.fromEntries(row!.sections.map((s: any) => [s.name, s]))
      for (const name of ['ledger', 'state', 'turns', 'outline', 'recent', 'restore'])
        assert.equal(sections[name].status, 'ok', `${name}: ${JSON.stringify(sections[name])}`)
      assert.deepEqual([sections.summary.status, sections.summary.code], ['dropped', 'SECTION_MODEL_FAILED'])
      assert.match(sections.summary.message, /^\[section summary\] the fork failed: api-error \(status 529/)
      assert.deepEqual([sections.commitments.status, sections.commitments.code], ['dropped', 'SECTION_MODEL_FAILED'])
      assert.match(sections.commitments.message, /^\[section commitments\] the completion failed: api-error \(status 529/)
      assert.equal(sections.summary.record.cost.usd, null, 'an unanswered call is not priced as free')
      assert.ok(sections.summary.record.cost.reason)

      const req = lab.requestsWith('AFTER_COMPACTION').at(-1)!
      const handoff = firstUserText(req)
      assert.match(handoff, MARKER_RE)
      assert.ok(!handoff.includes('\n## Summary\n') && !handoff.includes('\n## Open commitments\n'))
      for (const title of ['Tool ledger', 'State at compaction', "The user's words, verbatim", 'Files restored'])
        assert.ok(handoff.includes(`\n## ${title}\n`), title)
      const left = part(handoff, 'Left out')
      assert.match(left, /- Summary: \[section summary\] the fork failed: api-error/)
      assert.match(left, /- Open commitments: \[section commitments\] the completion failed: api-error/)
      // With no summary to name files, restore took the files touched, newest first, through Read.
      assert.match(part(handoff, 'Files restored'), /2 files, the most recently touched/)
      assert.deepEqual(
        // The reads run at once; the row lists them as they settled, so the order is not the point.
        row!.reads.map((r: { path: string; via: string; ok: boolean }) => [r.path, r.via, r.ok]).sort(),
        [
          [join(lab.project, 'app.js'), 'read-tool', true],
          [join(lab.project, 'notes.md'), 'read-tool', true],
        ],
      )
      assert.deepEqual(toolPairing(req).unpaired, [])
    } finally {
      await lab.close()
    }
  })
})
