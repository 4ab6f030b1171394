/**
 * Issue 7: after a live compaction, an Edit of a restored file succeeds without a new Read.
 *
 * The engine (2.1.328) refuses an Edit of a file it has no read state for ("File has not been
 * read yet. Read it first before writing to it.") only when a Read of that path would NOT be
 * allowed without asking: its Edit tool skips the check when the Read tool is offered and the
 * permission rules would let it read the path unasked — which is every path under
 * --dangerously-skip-permissions, and every working-dir path in the default mode. That is why an
 * Edit of a file nobody read succeeded in plain `-p` runs. Binary strings: `readNotAutoAllowed`,
 * `u$e` (a bare Read ask/deny rule, or a path layer other than "allow", makes a read not
 * auto-allowed; "path-mode-ask" counts as allowed only in bypassPermissions).
 *
 * So this lab puts a path `ask` rule on Read for two files. Then, in one session: a shell command
 * names both files without reading them (`wc -l`: the engine does count a `cat` as a read), and an
 * Edit of each is refused — the control, which proves the check can fail here. /compact live
 * restores only the first (the fake's summary names it; the hooks module reads it with the real
 * Read tool, which asks nobody). After it, the same Edit of the first file succeeds with no Read
 * in between, and the same Edit of the second is still refused: the compaction alone grants
 * nothing; the restored Read does.
 */
import assert from 'node:assert/strict'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { Lab, type Turn, skipWithoutEngine } from './harness.ts'

const NOT_READ = 'File has not been read yet. Read it first before writing to it.'

/** The tool results a turn got back, as { text, isError }. */
function toolResults(turn: Turn): Array<{ text: string; isError: boolean }> {
  return turn.events
    .filter((e) => e.type === 'user' && Array.isArray(e.message?.content))
    .flatMap((e) => e.message.content)
    .filter((b: any) => b.type === 'tool_result')
    .map((b: any) => ({ text: typeof b.content === 'string' ? b.content : JSON.stringify(b.content), isError: b.is_error === true }))
}

/** Names of the tools the model called in a turn. */
const toolsCalled = (turn: Turn): string[] =>
  turn.events
    .filter((e) => e.type === 'assistant' && Array.isArray(e.message?.content))
    .flatMap((e) => e.message.content)
    .filter((b: any) => b.type === 'tool_use')
    .map((b: any) => b.name)

describe('issue 7: an Edit of a restored file needs no new Read', { skip: skipWithoutEngine, timeout: 120_000 }, () => {
  let lab: Lab
  let a = ''
  let b = ''
  before(async () => {
    // The fake's summary names only guarded-a.txt to reopen.
    lab = await Lab.create({ name: 'edit-restore', plugin: { live: true }, fake: { restoreFiles: ['{project}/guarded-a.txt'] } })
    a = join(lab.project, 'guarded-a.txt')
    b = join(lab.project, 'guarded-b.txt')
    writeFileSync(a, 'alpha one\nalpha two\n')
    writeFileSync(b, 'beta one\nbeta two\n')
    // `//` opens an absolute path in a permission rule.
    lab.writeSettings({ permissions: { ask: [`Read(/${a})`, `Read(/${b})`] } })
  })
  after(async () => lab?.close())

  test('refused before the compaction (the control), accepted after it for the restored file only', async () => {
    const editA = `FAKE_TOOL:Edit ${JSON.stringify({ file_path: a, old_string: 'alpha one', new_string: 'ALPHA ONE' })}`
    const editB = `FAKE_TOOL:Edit ${JSON.stringify({ file_path: b, old_string: 'beta one', new_string: 'BETA ONE' })}`
    const s = lab.session()
    const wc = await s.send(`FAKE_TOOL:Bash ${JSON.stringify({ command: 'wc -l guarded-a.txt guarded-b.txt', description: 'count lines' })}`)
    assert.match(toolResults(wc)[0]?.text ?? '', /2 .*guarded-a\.txt/, 'the shell named both files')

    // The control: with no read state for either file, the engine refuses both Edits.
    for (const edit of [editA, editB]) {
      const turn = await s.send(edit)
      assert.deepEqual(
        toolResults(turn).map((r) => [r.isError, r.text.includes(NOT_READ)]),
        [[true, true]],
        `refused: ${JSON.stringify(toolResults(turn))}`,
      )
    }
    assert.equal(readFileSync(a, 'utf8'), 'alpha one\nalpha two\n')

    const compact = await s.send('/compact')
    assert.equal(compact.result.is_error, false, JSON.stringify(compact.result))

    // The same Edits, no Read in between: the restored file takes it, the other is still refused.
    const afterA = await s.send(editA)
    assert.deepEqual(toolsCalled(afterA), ['Edit'], 'the model read nothing first')
    assert.deepEqual(
      toolResults(afterA).map((r) => r.isError),
      [false],
      `accepted: ${JSON.stringify(toolResults(afterA))}`,
    )
    assert.equal(readFileSync(a, 'utf8'), 'ALPHA ONE\nalpha two\n', 'the edit landed on disk')
    const afterB = await s.send(editB)
    assert.deepEqual(
      toolResults(afterB).map((r) => [r.isError, r.text.includes(NOT_READ)]),
      [[true, true]],
      'a file the handoff did not restore is still refused',
    )
    assert.equal(readFileSync(b, 'utf8'), 'beta one\nbeta two\n')
    assert.equal(await s.close(), 0)

    const [row, ...more] = lab.rows()
    assert.equal(more.length, 0)
    assert.equal(row!.outcome, 'replaced')
    assert.deepEqual(
      row!.reads.map((r: { path: string; via: string; ok: boolean }) => [r.path, r.via, r.ok]),
      [[a, 'read-tool', true]],
      'the hooks module read it through the Read tool',
    )
  })
})
