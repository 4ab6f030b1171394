import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Message, MessageKind, Transcript } from '../../pipeline/index.ts'
import { type CommandRow, fitCommands, renderCommand, repeatsCollapsed } from './commands.ts'
import { failures } from './failures.ts'
import { filesWritten, normalizePath } from './files.ts'
import ledger, { lookupCall, messagesInScope, readLedger } from './index.ts'
import { renderTasks, taskList } from './tasks.ts'

// ---- builders ---------------------------------------------------------------------------------

type Use = { name: string; input: Record<string, unknown>; result?: { text: string; isError?: boolean }; cwd?: string }

let ids = 0
function assistant(index: number, ...uses: Use[]): Message {
  return {
    index,
    role: 'assistant',
    kind: 'assistant',
    text: '',
    toolResults: [],
    toolUses: uses.map((u) => {
      const id = `t${++ids}`
      return {
        id,
        name: u.name,
        input: u.input,
        ...(u.result ? { result: { toolUseId: id, text: u.result.text, isError: u.result.isError ?? false } } : {}),
        ...(u.cwd ? { cwd: u.cwd } : {}),
      }
    }),
  }
}
const user = (index: number, kind: MessageKind, text = ''): Message => ({ index, role: 'user', kind, text, toolUses: [], toolResults: [] })
const transcript = (messages: Message[], cwd?: string): Transcript => ({
  source: 'jsonl',
  messages,
  boundaries: [],
  malformed: { count: 0, lines: [] },
  ...(cwd ? { cwd } : {}),
})
const bash = (command: string, result?: Use['result']): Use => ({ name: 'Bash', input: { command }, ...(result ? { result } : {}) })
const edit = (file_path: string, result?: Use['result']): Use => ({
  name: 'Edit',
  input: { file_path, old_string: 'a', new_string: 'b' },
  ...(result ? { result } : {}),
})
const write = (file_path: string): Use => ({ name: 'Write', input: { file_path, content: 'x' } })

async function run(t: Transcript, budgetChars = 6_000, lineage?: { n: number }) {
  const out = await ledger.run({
    name: 'ledger',
    input: { trigger: 'cli', sessionId: 's', cwd: '/', transcript: t, lineage: { n: lineage?.n ?? 1, prev: null, earlier: [] } },
    options: { ...ledger.defaults.options! },
    budgetChars,
    timeoutMs: 5_000,
    signal: new AbortController().signal,
    capabilities: { host: 'cli', model: null, files: null, now: Date.now },
    report: { note() {}, notes: [] },
    needed: {},
  })
  assert.ok(out && typeof out === 'object')
  return out as { body: string; record: Record<string, any> }
}

// ---- scope and lineage ------------------------------------------------------------------------

describe('scope', () => {
  test('only messages after the newest handoff or engine summary', () => {
    const t = transcript([
      assistant(0, write('/r/old.ts')),
      user(1, 'compact-summary', 'This session is being continued…'),
      assistant(2, write('/r/mid.ts')),
      user(3, 'handoff', '<!-- compact-handoff: session=s n=002 prev=001 -->'),
      assistant(4, write('/r/new.ts')),
    ])
    const { messages, from } = messagesInScope(t)
    assert.equal(from, 4)
    assert.deepEqual(
      messages.map((m) => m.index),
      [4],
    )
  })

  test('the whole transcript when nothing was compacted', () => {
    assert.equal(messagesInScope(transcript([assistant(0), assistant(1)])).from, 0)
  })

  test('rows an earlier compaction carried are not listed again', async () => {
    const t = transcript([
      assistant(0, write('/r/old.ts'), bash('echo old > old.txt')),
      user(1, 'handoff', '<!-- compact-handoff: session=s n=001 prev=none -->'),
      assistant(2, write('/r/new.ts')),
    ])
    const { body, record } = await run(t)
    assert.doesNotMatch(body, /old/)
    assert.deepEqual(
      record.files.map((f: { path: string }) => f.path),
      ['/r/new.ts'],
    )
  })
})

// ---- files ------------------------------------------------------------------------------------

describe('files written', () => {
  const calls = async (...ms: Message[]) => (await readLedger(ms)).files

  test('each file once, with every tool that wrote it, calls counted per tool', async () => {
    const files = await calls(
      assistant(0, write('/r/a.ts'), edit('/r/a.ts'), edit('/r/a.ts')),
      assistant(1, bash("sed -i 's/x/y/' /r/a.ts && echo done > /r/b.log")),
      assistant(
        2,
        { name: 'NotebookEdit', input: { notebook_path: '/r/n.ipynb', new_source: 'x' } },
        { name: 'MultiEdit', input: { file_path: '/r/m.ts', edits: [] } },
      ),
    )
    const a = files.find((f) => f.path === '/r/a.ts')!
    assert.deepEqual(a.tools, { Write: 1, Edit: 2, Bash: 1 })
    assert.deepEqual(a.shell, ['sed -i'])
    assert.deepEqual(files.map((f) => f.path).sort(), ['/r/a.ts', '/r/b.log', '/r/m.ts', '/r/n.ipynb'])
  })

  test('the header counts files, not calls', async () => {
    const t = transcript([assistant(0, edit('/r/a.ts'), edit('/r/a.ts'), edit('/r/a.ts'), write('/r/b.ts'))])
    const { body } = await run(t)
    assert.match(body, /### Files written: 2 \(files per tool: Edit 1 · Write 1\)/)
    assert.match(body, /- \/r\/a\.ts — Edit ×3/)
  })

  test('a relative path the shell wrote folds into the one absolute path a file tool named', async () => {
    const files = await calls(assistant(0, edit('/repo/lib/a.ex')), assistant(1, bash("sed -i 's/x/y/' lib/a.ex")))
    assert.equal(files.length, 1)
    assert.deepEqual(files[0]!.tools, { Edit: 1, Bash: 1 })
    assert.deepEqual(files[0]!.folded, ['lib/a.ex'])
  })

  test('it stays as written when no absolute path ends with it', async () => {
    const files = await calls(assistant(0, edit('/repo/lib/other.ex')), assistant(1, bash('echo x > lib/a.ex')))
    assert.deepEqual(files.map((f) => f.path).sort(), ['/repo/lib/other.ex', 'lib/a.ex'])
  })

  test('it stays as written when several do', async () => {
    const files = await calls(assistant(0, edit('/one/src/x.ts'), edit('/two/src/x.ts')), assistant(1, bash('touch src/x.ts')))
    assert.deepEqual(files.map((f) => f.path).sort(), ['/one/src/x.ts', '/two/src/x.ts', 'src/x.ts'])
  })

  test('only a whole path tail folds (`a.ex` does not fold into /r/data.ex)', async () => {
    const files = await calls(assistant(0, edit('/r/data.ex')), assistant(1, bash('touch a.ex')))
    assert.equal(files.length, 2)
  })

  test('folding applies to file-tool paths only, and ./ and .. are normalized first', async () => {
    assert.equal(normalizePath('./lib/../lib/a.ex'), 'lib/a.ex')
    const files = await calls(assistant(0, edit('/repo/lib/a.ex')), assistant(1, bash('echo > ./lib/../lib/a.ex')))
    assert.equal(files.length, 1)
    assert.equal(filesWritten([]).length, 0)
  })

  test('a file whose every file-tool call errored is not listed as written: the failures name it', async () => {
    const t = transcript([
      assistant(0, edit('/r/a.ts', { text: '<tool_use_error>String to replace not found</tool_use_error>', isError: true })),
      assistant(1, write('/r/b.ts')),
    ])
    const { body, record } = await run(t)
    assert.match(body, /### Files written: 1 /)
    assert.doesNotMatch(body, /^- \/r\/a\.ts — /m)
    assert.match(
      body,
      /### Failures: 1\n- Never written, every call on it came back as an error: `\/r\/a\.ts`\n- Edit `\/r\/a\.ts` → String to replace not found/,
    )
    // The record still has it, with its failed calls counted.
    assert.equal(record.files.find((f: { path: string }) => f.path === '/r/a.ts').failedToolCalls, 1)
  })

  test('paths under the session cwd are shown relative to it; a shell path with no known directory says so', async () => {
    const t = transcript([assistant(0, edit('/repo/lib/a.ex'), bash('echo x > notes.txt'), bash('cd "$DIR" && echo y > other.txt'))], '/repo')
    const { body } = await run(t)
    assert.match(body, /Paths are relative to \/repo\./)
    assert.match(body, /^- lib\/a\.ex — Edit$/m)
    assert.match(body, /^- notes\.txt — Bash \(>\)$/m)
    assert.match(body, /^- other\.txt \(as the shell wrote it\) — Bash \(>\)$/m)
  })
})

// ---- failures ---------------------------------------------------------------------------------

describe('failures', () => {
  test('no calls, no failures', () => {
    assert.equal(failures([]).length, 0)
  })

  test('the newest 20, each with the tool, a short input and the lines that say why', async () => {
    const ms = Array.from({ length: 30 }, (_, i) =>
      assistant(i, bash(`./step ${i + 1}`, { text: `Exit code 2\nstep runner v1.2 starting\nerror: failure number ${i + 1}\nmore\nand more`, isError: true })),
    )
    const { body, record } = await run(transcript(ms), 20_000)
    assert.match(body, /### Failures: 30 \(the newest 20 shown; all of them: handoff_lookup \{"n": 1, "section": "ledger"\}\)/)
    assert.match(body, /- Bash #30 `\.\/step 30` → Exit code 2 ⏎ error: failure number 30 ⏎ more$/m)
    assert.doesNotMatch(body, /step 10`/)
    assert.match(body, /step 11`/)
    assert.doesNotMatch(body, /and more/)
    // The record keeps every one, for the lookup.
    assert.equal(record.failures.length, 30)
  })

  test('never claims an exit code the transcript does not record', async () => {
    const t = transcript([assistant(0, bash('make', { text: 'compilation failed', isError: true }), bash('make again', { text: 'ok' }))])
    const { body } = await run(t)
    assert.doesNotMatch(body, /\bexit(ed)?( code)?:? \d/i)
    assert.doesNotMatch(body, /\b(ok|passed|success(ful)?)\b/i)
    assert.match(body, /1\. \[error\] make$/m)
    assert.match(body, /^2\. make again$/m)
  })
})

// ---- answers that are not failures, and failures a later run fixed ------------------------------

describe('a search or test that answered no', () => {
  const flagged = (text: string) => ({ text, isError: true })

  test('grep, rg, diff, cmp, test and [ whose exit 1 came with no output are marked for what they mean, not listed as failures', async () => {
    const t = transcript([
      assistant(
        0,
        bash('grep -i "undefined" paper.log', flagged('Exit code 1')),
        bash('tail -20 paper.log | grep -i warning', flagged('Exit code 1')),
        bash('cd /tmp/x && git show HEAD | /usr/bin/grep Checkpoint', flagged('Exit code 1')),
        bash('cmp a.bin b.bin', flagged('Exit code 1')),
        bash('[ -f out/ready ]', flagged('Exit code 1')),
        // An engine before 2.x wrote a bare "Error" for any silent failure.
        bash('grep -c x f && grep -n undefined paper.log', flagged('Error')),
        bash('grep -n undefined paper.log', flagged('Error')),
        // `grep -c` prints a zero count, per file with several files.
        bash('grep -c TODO a.go b.go', flagged('Exit code 1\na.go:0\nb.go:0')),
      ),
    ])
    const { body, record } = await run(t)
    assert.match(body, /^1\. \[no match\] grep -i "undefined" paper\.log$/m)
    assert.match(body, /^2\. \[no match\] tail -20/m)
    assert.match(body, /^3\. \[no match\] cd \/tmp\/x/m)
    assert.match(body, /^4\. \[differs\] cmp/m)
    assert.match(body, /^5\. \[false\] \[ -f/m)
    assert.match(body, /^7\. \[no match\] grep -n/m)
    assert.match(body, /^8\. \[no match\] grep -c TODO/m)
    // `grep -c x f && …`: the first grep may be the one that failed, silently.
    assert.match(body, /^6\. \[error\] grep -c/m)
    assert.match(body, /### Failures: 1\n/)
    assert.match(body, /\[no match\], \[differs\], \[false\]: exit 1 and no output from a search or test, its answer/)
    assert.equal(record.counts.failures, 1)
  })

  test('stays a failure when the output says more, the status is not 1, or the command is not the one that ran last', async () => {
    const t = transcript([
      assistant(
        0,
        bash('grep x f', flagged('Exit code 2\ngrep: f: No such file or directory')),
        bash('grep -c x f', flagged('Exit code 1\n3')),
        bash('gh pr diff 343 -- a.go 2>/dev/null', flagged('Exit code 1')),
        bash('grep x f | wc -l && make', flagged('Exit code 1')),
        bash('pdflatex p.tex > temp.log 2>&1 && grep undefined temp.log', flagged('Error')),
        bash('grep x f 2>/dev/null', flagged('Error')),
        bash('set -o pipefail; grep x f | sort', flagged('Exit code 1')),
        bash('! grep x f', flagged('Exit code 1')),
        bash('grep x f', { text: 'Exit code 1' }),
      ),
    ])
    const { body, record } = await run(t, 12_000)
    assert.equal(record.counts.failures, 8)
    assert.doesNotMatch(body, /\[no match\]/)
    // The exit code said 1 outright: an answer even with the error output discarded.
    const quiet = await run(transcript([assistant(0, bash('grep x f 2>/dev/null', flagged('Exit code 1')))]))
    assert.match(quiet.body, /^1\. \[no match\] grep x f 2>\/dev\/null$/m)
  })
})

describe('a failure a later run fixed', () => {
  test('says which later run of the same command succeeded', async () => {
    const t = transcript([
      assistant(0, bash('mise run test', { text: 'Exit code 1\n[test] $ go test ./...\n--- FAIL: TestX (0.00s)', isError: true })),
      assistant(1, bash('mise run fmt')),
      assistant(2, bash('mise run test', { text: 'ok' })),
    ])
    const { body, record } = await run(t)
    assert.match(body, /^- Bash #1 `mise run test` → Exit code 1 ⏎ --- FAIL: TestX \(0\.00s\) — a later run succeeded, #3$/m)
    assert.deepEqual(record.failures[0].later, { at: 2, n: 3 })
    assert.match(body, /"succeeded": its result came back unflagged/)
  })

  test('a commit a hook refused, followed by a commit that went through, is marked so', async () => {
    const t = transcript([
      assistant(
        0,
        bash('git add -A && git commit -m "feat: x"', {
          text: "Pre-commit validation failed:\n[FORMAT] Code is not formatted.\nRun 'mix format' to fix.",
          isError: true,
        }),
      ),
      assistant(1, bash('mix format 2>&1')),
      assistant(2, bash('git add lib/a.ex && git commit -m "feat: x, formatted"', { text: '[main 1a2b3c] feat: x' })),
      assistant(3, bash('git push 2>&1', { text: 'Exit code 128\nfatal: no upstream', isError: true })),
    ])
    const { body } = await run(t)
    assert.match(body, /^- Bash #1 `git add -A && git commit -m "feat: x"` → .* — a later commit succeeded, #3$/m)
    assert.match(body, /^- Bash #4 `git push 2>&1` → Exit code 128 ⏎ fatal: no upstream$/m)
  })

  test('an Edit that failed and a later Edit of the same file that did not', async () => {
    const t = transcript([
      assistant(0, edit('/r/a.ts', { text: '<tool_use_error>File has not been read yet.</tool_use_error>', isError: true })),
      assistant(1, edit('/r/a.ts', { text: 'ok' })),
    ])
    const { body } = await run(t)
    assert.match(body, /^- Edit `\/r\/a\.ts` → File has not been read yet\. — a later call succeeded$/m)
  })

  test('when room is short, the failures that still stand are kept before those a later run fixed', async () => {
    const ms: Message[] = []
    for (let i = 0; i < 12; i++) {
      // Even steps fail for good; odd ones are run again and pass.
      ms.push(assistant(i * 2, bash(`./step-${i} ${'y'.repeat(60)}`, { text: `Exit code 1\nerror: step ${i} broke ${'e'.repeat(60)}`, isError: true })))
      if (i % 2) ms.push(assistant(i * 2 + 1, bash(`./step-${i} ${'y'.repeat(60)}`, { text: 'fine' })))
    }
    const { body, record } = await run(transcript(ms), 2_500)
    const shown = [...body.matchAll(/^- Bash #\d+ `\.\/step-(\d+)/gm)].map((m) => Number(m[1]))
    assert.ok(record.counts.failuresShown < 12 && shown.length > 0, `${shown.length} shown`)
    const standing = shown.filter((k) => k % 2 === 0)
    assert.ok(standing.length === shown.length || standing.length === 6, `shown ${shown}`)
    assert.match(body, /shown: the newest no later run fixed, before those one did/)
  })
})

// ---- the task list ------------------------------------------------------------------------------

describe('tasks', () => {
  const task = (name: string, input: Record<string, unknown>, text: string, isError = false): Use => ({ name, input, result: { text, isError } })
  const create = (id: number, subject: string) =>
    task('TaskCreate', { subject, description: 'd', activeForm: 'a' }, `Task #${id} created successfully: ${subject}`)
  const update = (taskId: string, status: string) => task('TaskUpdate', { taskId, status }, `Updated task #${taskId} status`)

  test('each task with its last status, open ones first, read off TaskCreate and TaskUpdate', async () => {
    const t = transcript([
      assistant(
        0,
        create(1, 'Add GetWorktreeID'),
        create(2, 'Add HashWorktreeID'),
        create(3, 'Update ShadowBranchNameForCommit'),
        create(4, 'Final verification'),
      ),
      assistant(1, update('1', 'in_progress'), update('1', 'completed'), update('2', 'completed'), update('3', 'in_progress')),
      // A call that came back as an error changed nothing.
      assistant(2, task('TaskUpdate', { taskId: '3', status: 'completed' }, 'Task not found', true)),
      assistant(3, bash('go build ./...')),
    ])
    const { body, record } = await run(t)
    assert.match(
      body,
      /### Tasks: 4 \(1 in progress, 1 pending, 2 completed\), as the task calls left them\n- \[in progress\] #3 Update ShadowBranchNameForCommit\n- \[pending\] #4 Final verification\n- \[completed\] #1 Add GetWorktreeID\n- \[completed\] #2 Add HashWorktreeID\n/,
    )
    assert.deepEqual(
      record.tasks.map((x: { id: string; status: string }) => `${x.id}:${x.status}`),
      ['1:completed', '2:completed', '3:in_progress', '4:pending'],
    )
  })

  test('the task list outlives a compaction: calls before the last one count', async () => {
    const t = transcript([
      assistant(0, create(1, 'Write the parser'), create(2, 'Wire it in')),
      user(1, 'compact-summary', 'This session is being continued…'),
      assistant(2, update('1', 'completed'), bash('make')),
    ])
    const { body } = await run(t)
    assert.match(body, /- \[pending\] #2 Wire it in\n- \[completed\] #1/)
  })

  test('TodoWrite hands over the whole list: the newest call is the list', () => {
    const todos = (...xs: Array<[string, string]>) =>
      task('TodoWrite', { todos: xs.map(([content, status], i) => ({ id: String(i + 1), content, status })) }, 'Todos have been modified successfully.')
    const tasks = taskList([
      assistant(0, todos(['Old plan', 'pending'])),
      assistant(1, todos(['Compile the paper', 'completed'], ['Fix the references', 'in_progress'], ['Generate v0.45', 'pending'])),
    ])
    assert.deepEqual(
      tasks.map((x) => `${x.subject}:${x.status}`),
      ['Compile the paper:completed', 'Fix the references:in_progress', 'Generate v0.45:pending'],
    )
  })

  test('TaskList sets what it lists; a blocker still open is named; deleted tasks go', () => {
    const tasks = taskList([
      assistant(0, task('TaskList', {}, '#1 [pending] Fix condensation\n#2 [pending] Filter stale sessions [blocked by #1]\n#3 [completed] Old')),
      assistant(1, task('TaskUpdate', { taskId: '3', status: 'deleted' }, 'Updated task #3 deleted')),
    ])
    assert.deepEqual(
      tasks.map((x) => `${x.id}:${x.status}:${x.blockedBy.join(',')}`),
      ['1:pending:', '2:pending:1'],
    )
    assert.match(renderTasks(tasks, 1_000, 'LOOKUP').text, /- \[pending\] #2 Filter stale sessions \(after #1\)/)
  })

  test('fits its room: the open ones from the end of the list go, and a note names the lookup', () => {
    const tasks = Array.from({ length: 13 }, (_, i) => ({
      id: String(i + 1),
      subject: `Task ${i + 1}: ${'do a thing '.repeat(5)}`,
      status: i < 2 ? 'completed' : i === 2 ? 'in_progress' : 'pending',
      blockedBy: [],
    }))
    const r = renderTasks(tasks, 500, 'LOOKUP')
    assert.ok(r.text.length <= 500, `${r.text.length}`)
    assert.match(r.text, /^- \[in progress\] #3 /m)
    assert.match(r.text, /\[\d+ more open left out for room; every task: LOOKUP\]\n- \[completed\] #1, #2$/)
    // With room for the open ones but not for what was done in words, the done ones by number.
    const few = tasks.slice(0, 4)
    const roomy = renderTasks(few, 10_000, 'LOOKUP').text
    assert.match(roomy, /^- \[completed\] #1 Task 1: do a thing/m)
    const tight = renderTasks(few, roomy.length - 10, 'LOOKUP').text
    assert.match(tight, /^- \[pending\] #4 Task 4/m)
    assert.match(tight, /^- \[completed\] #1, #2$/m)
  })
})

// ---- where the shell wrote ------------------------------------------------------------------------

describe('paths the shell wrote', () => {
  test("resolved in the directory the command's own cd moved to", async () => {
    const t = transcript([assistant(0, bash('cd docs/papers/src && cp vsla_paper.pdf ../vsla_paper_v0.43.pdf'))], '/home/u/vsla')
    const { body } = await run(t)
    assert.match(body, /^- docs\/papers\/vsla_paper_v0\.43\.pdf — Bash \(cp\)$/m)
    assert.doesNotMatch(body, /^- \.\.\//m)
  })

  test('resolved in the directory the row records, where an earlier cd left the shell', async () => {
    const t = transcript(
      [assistant(0, { ...bash('cp vsla_paper.pdf ../vsla_paper_v0.44.pdf && echo "Created v0.44"'), cwd: '/home/u/vsla/docs/papers/src' })],
      '/home/u/vsla',
    )
    const { body } = await run(t)
    assert.match(body, /^- docs\/papers\/vsla_paper_v0\.44\.pdf — Bash \(cp\)$/m)
  })

  test('with no recorded directory, the shell keeps where the commands before it moved it, until the engine says it reset it', async () => {
    const t = transcript(
      [
        assistant(0, bash('cd /repo/docs && ls')),
        assistant(1, bash('touch notes.md')),
        assistant(2, bash('cd /tmp/elsewhere && ls', { text: 'x\nShell cwd was reset to /repo' })),
        assistant(3, bash('echo x > top.txt')),
      ],
      '/repo',
    )
    const { record } = await run(t)
    assert.deepEqual(record.files.map((f: { path: string }) => f.path).sort(), ['/repo/docs/notes.md', '/repo/top.txt'])
  })

  test('a file mv moved is listed under its new name, and says what it was', async () => {
    const t = transcript(
      [
        assistant(0, bash('cp build/paper.pdf docs/v0.4.pdf'), write('/repo/scripts/tail.sh')),
        assistant(1, bash('mkdir -p priv && mv scripts/tail.sh priv/tail.sh'), bash('cd /repo/docs && mv v0.4.pdf v0.40.pdf')),
      ],
      '/repo',
    )
    const { body, record } = await run(t)
    assert.match(body, /^- docs\/v0\.40\.pdf — Bash ×2 \(cp, mv\); renamed from v0\.4\.pdf$/m)
    assert.match(body, /^- priv\/tail\.sh — Write, Bash \(mv\); renamed from scripts\/tail\.sh$/m)
    assert.doesNotMatch(body, /^- docs\/v0\.4\.pdf/m)
    assert.deepEqual(record.files.map((f: { path: string }) => f.path).sort(), ['/repo/docs/v0.40.pdf', '/repo/priv/tail.sh'])
  })

  test('a file deleted after it was written is said to be gone; rm -r takes what was under it; written again, it is back', async () => {
    const t = transcript(
      [
        assistant(0, write('/repo/tmp/probe.go'), write('/repo/build/a.txt'), write('/repo/build/sub/b.txt'), write('/repo/keep.txt')),
        assistant(1, bash('rm -f tmp/probe.go && rm -rf build'), bash('rm stale.lock')),
        assistant(2, bash('rm keep.txt && echo again > keep.txt')),
      ],
      '/repo',
    )
    const { body } = await run(t)
    assert.match(body, /^### Files written: 4, deleted: 1 \(files per tool: Write 4 · Bash 1\)$/m)
    assert.match(body, /^- tmp\/probe\.go — Write; then deleted \(rm\)$/m)
    assert.match(body, /^- build\/sub\/b\.txt — Write; then deleted \(rm -r\)$/m)
    assert.match(body, /^- build\/a\.txt — Write; then deleted \(rm -r\)$/m)
    assert.match(body, /^- stale\.lock — deleted \(rm\)$/m)
    assert.match(body, /^- keep\.txt — Write, Bash \(>\)$/m)
  })

  test('a deletion that may not have happened is not one: the command failed, or a failed write after it', async () => {
    const failed = { text: 'Exit code 1\nrm: cannot remove a.go: Permission denied', isError: true }
    const t = transcript(
      [
        assistant(0, write('/repo/a.go'), write('/repo/b.go')),
        assistant(1, bash('rm a.go', failed), bash('rm b.go')),
        assistant(2, {
          name: 'Edit',
          input: { file_path: '/repo/b.go', old_string: 'x', new_string: 'y' },
          result: { text: '<tool_use_error>File does not exist.</tool_use_error>', isError: true },
        }),
      ],
      '/repo',
    )
    const { body } = await run(t)
    assert.match(body, /^- a\.go — Write$/m)
    assert.match(body, /^- b\.go — Write, Edit; then deleted \(rm\)$/m)
  })

  test('a file written again under its old name after the mv is listed under both', async () => {
    const t = transcript([assistant(0, bash('echo a > log.txt && mv log.txt log.1 && echo b > log.txt'))], '/repo')
    const { record } = await run(t)
    assert.deepEqual(record.files.map((f: { path: string }) => f.path).sort(), ['/repo/log.1', '/repo/log.txt'])
  })
})

// ---- commands and the budget ------------------------------------------------------------------

describe('shell commands', () => {
  const row = (n: number, command: string, readOnly = false): CommandRow => ({ n, command, readOnly, failed: false, writes: [], at: n })
  const count = (left: number, ro: number) => `[${left} left (${ro} read-only); ${lookupCall(3)}]`

  test('a failed command that sets a secret inline: hidden in the failures, the commands and the record; a deletion is on the record', async () => {
    const t = transcript(
      [
        assistant(0, write('/repo/old.go')),
        assistant(1, bash('GH_TOKEN=ghp_abcdefghijklmnopqrstu1 gh pr create --fill', { text: 'Exit code 1\nno commits', isError: true })),
        assistant(2, bash('rm /repo/old.go', { text: '' })),
      ],
      '/repo',
    )
    const { body, record } = await run(t)
    assert.ok(!JSON.stringify({ body, record }).includes('ghp_abcdefghijklmnopqrstu1'), body)
    assert.match(body, /GH_TOKEN=\[value not shown\] gh pr create --fill/)
    assert.deepEqual(
      record.files.filter((f: { deleted?: string }) => f.deleted).map((f: { path: string; deleted: string }) => [f.path, f.deleted]),
      [['/repo/old.go', 'rm']],
    )
  })

  test('a command that sets a secret inline is listed with the value hidden', () => {
    assert.equal(renderCommand(row(1, 'GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuv gh pr list'), 200), '1. GITHUB_TOKEN=[value not shown] gh pr list')
    assert.equal(
      renderCommand(row(2, 'psql postgres://app:hunter2@db/app -c "select 1"'), 200),
      '2. psql postgres://app:[value not shown]@db/app -c "select 1"',
    )
  })

  test('a command rerun in a row with the same outcome is one row; a changed outcome or another command between keeps them apart', () => {
    const rows = [
      row(1, 'make lint'),
      row(2, 'make lint'),
      row(3, 'make lint'),
      { ...row(4, 'make lint'), failed: true },
      row(5, 'make lint'),
      row(6, 'ls'),
      row(7, 'make lint'),
    ]
    const collapsed = repeatsCollapsed(rows)
    assert.deepEqual(
      collapsed.map((r) => renderCommand(r, 100)),
      ['1–3. make lint (3 runs in a row)', '4. [error] make lint', '5. make lint', '6. ls', '7. make lint'],
    )
    // Left out, a row counts every run it stands for.
    const f = fitCommands(collapsed, 60, count, { newest: 2, clipChars: 100, newestClipChars: 100 })
    assert.equal(f.leftOut + f.shown, 7)
    assert.match(f.text, /^\[\d+ left/)
  })

  test('everything, in order, when it fits', () => {
    const rows = [row(1, 'ls'), row(2, 'make'), row(3, 'git status', true)]
    const f = fitCommands(rows, 1_000, count)
    assert.equal(f.text, '1. ls\n2. make\n3. git status')
    assert.equal(f.leftOut, 0)
  })

  test('read-only probes go first, then the oldest changes; the newest 10 always stay', () => {
    const rows = Array.from({ length: 40 }, (_, i) => row(i + 1, `${i % 2 ? 'git status' : 'make target'}-${i + 1} ${'x'.repeat(60)}`, i % 2 === 1))
    const f = fitCommands(rows, 1_600, count)
    assert.ok(f.text.length <= 1_600, `${f.text.length}`)
    for (let n = 31; n <= 40; n++) assert.match(f.text, new RegExp(`^${n}\\. `, 'm'))
    // Every older read-only probe went before any older change did.
    const kept = [...f.text.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1])).filter((n) => n <= 30)
    assert.ok(kept.length > 0, 'some older changes survive')
    assert.ok(
      kept.every((n) => n % 2 === 1),
      `kept ${kept}`,
    )
    assert.equal(f.leftOutReadOnly, 15)
    assert.match(f.text, /^\[\d+ left \(15 read-only\); handoff_lookup \{"n": 3, "section": "ledger"\}\]/)
  })

  test('older commands are clipped to 150 chars, on one line', () => {
    const rows = [row(1, `make ${'y'.repeat(400)}\nsecond line`), ...Array.from({ length: 10 }, (_, i) => row(i + 2, 'ls', true))]
    const f = fitCommands(rows, 10_000, count)
    const first = f.text.split('\n')[0]!
    assert.equal(first.length, '1. '.length + 150)
    assert.ok(first.endsWith('…'))
  })

  test('the count line names the exact lookup call with this compaction number', async () => {
    const ms = Array.from({ length: 120 }, (_, i) => assistant(i, bash(`make step-${i + 1} ${'z'.repeat(100)}`)))
    const { body, record } = await run(transcript(ms), 6_000, { n: 4 })
    assert.match(
      body,
      /older commands left out here \(0 of them read-only probes\); every command at full length: handoff_lookup \{"n": 4, "section": "ledger"\}\]/,
    )
    // The record keeps every command at full length for that lookup.
    assert.equal(record.commands.length, 120)
    assert.equal(record.commands[0].command, `make step-1 ${'z'.repeat(100)}`)
    assert.deepEqual(record.lookup, { n: 4, section: 'ledger' })
  })
})

describe('the ledger fits its own budget', () => {
  const heavy = () => {
    const ms: Message[] = []
    for (let i = 0; i < 300; i++) {
      ms.push(
        assistant(
          i,
          bash(
            `git commit -m "$(cat <<'EOF'\n${'message line\n'.repeat(30)}EOF\n)" && echo ${i} > /repo/out/${i}.log`,
            i % 3 ? undefined : { text: `Exit code 1\n${'e'.repeat(500)}`, isError: true },
          ),
          edit(`/repo/src/module-${i}/deeply/nested/file-${i}.ts`),
          bash(`ls -la /repo/src/module-${i}`),
          ...(i % 5
            ? []
            : [
                {
                  name: 'TaskCreate',
                  input: { subject: `Task ${i}: rework module ${i} and everything that depends on it, then test it` },
                  result: { text: `Task #${i + 1} created successfully` },
                },
              ]),
        ),
      )
    }
    return transcript(ms, '/repo')
  }

  for (const budget of [1_500, 3_000, 6_000, 12_000, 40_000]) {
    test(`budgetChars ${budget}`, async () => {
      const { body, record } = await run(heavy(), budget)
      assert.ok(body.length <= budget, `${body.length} > ${budget}`)
      assert.equal(record.counts.commands, 600)
      assert.equal(record.counts.files, 600)
      assert.equal(record.counts.tasks, 60)
    })
  }

  test('a budget too small for the file list keeps whole lines only, or says where the ledger is', async () => {
    // Files only: the layout is the same at every budget, so the full ledger is the reference.
    const files = transcript(
      Array.from({ length: 12 }, (_, i) => assistant(i, write(`/repo/src/part-${i}/a-file-with-a-long-name-${i}.ts`))),
      '/repo',
    )
    const full = (await run(files, 40_000)).body.split('\n')
    for (const budget of [120, 200, 300, 400]) {
      const { body } = await run(files, budget)
      assert.ok(body.length <= budget, `${body.length} > ${budget}`)
      const lines = body.split('\n')
      const note = lines.pop()!
      assert.match(
        note,
        /^\[(ledger cut at [\d,]+ chars|the ledger does not fit in [\d,]+ chars) \(budgetChars\); all of it: handoff_lookup \{"n": 1, "section": "ledger"\}\]$/,
      )
      for (const line of lines) assert.ok(full.includes(line), `not a whole line of the ledger: ${JSON.stringify(line)}`)
    }
  })

  test('at the default budget every part is there and the newest 10 commands are listed', async () => {
    const { body, record } = await run(heavy())
    assert.match(body, /### Tasks: 60 \(60 pending\)/)
    assert.match(body, /more open left out for room; every task: handoff_lookup/)
    assert.match(body, /### Files written: 600/)
    assert.match(body, /more files left out for size; the full list: handoff_lookup/)
    assert.match(body, /### Failures: 100/)
    assert.match(body, /### Shell commands: 600/)
    for (let n = 591; n <= 600; n++) assert.match(body, new RegExp(`^${n}\\. `, 'm'))
    assert.ok(record.counts.filesShown > 0)
  })

  test('a budget too small for the newest commands lists fewer of them, whole, and the newest failure', async () => {
    // 12 files and 30 commands whose newest 10 at their shortest, with the files, leave no room
    // for a failure: the ledger ends on a whole command line, not a cut one.
    const ms: Message[] = []
    for (let i = 0; i < 30; i++) {
      const failed = i === 27 ? { text: 'Exit code 1\nthe commit hook refused it', isError: true } : undefined
      ms.push(assistant(i, bash(`git log --oneline --max-count=${i} -- src/a-long-path/to/some/module-${i}/file-${i}.ts && echo ${'x'.repeat(120)}`, failed)))
      if (i < 12) ms.push(assistant(100 + i, edit(`/repo/src/module-${i}/deeply/nested/file-${i}.ts`)))
    }
    const { body, record } = await run(transcript(ms, '/repo'), 2_000)
    assert.ok(body.length <= 2_000, `${body.length} > 2000`)
    assert.doesNotMatch(body, /ledger cut at/)
    assert.match(body, /### Failures: 1\n- Bash #28 `git log --oneline --max-count=27 .*the commit hook refused it/)
    assert.match(body, /^30\. git log/m)
    assert.ok(record.counts.commandsShown < 10, `${record.counts.commandsShown} commands shown`)
    assert.match(body, /^\[\d+ older commands left out here/m)
  })

  test('failures with no room at all are counted, and the lookup named', async () => {
    const ms = Array.from({ length: 12 }, (_, i) =>
      assistant(i, bash(`./step-${i} ${'y'.repeat(140)}`, { text: `Exit code 1\n${'e'.repeat(400)}`, isError: true })),
    )
    const { body } = await run(transcript(ms), 1_200)
    assert.ok(body.length <= 1_200, `${body.length} > 1200`)
    assert.match(
      body,
      /### Failures: 12 \((none listed here, for room; each in full|the newest \d+ shown; all of them): handoff_lookup \{"n": 1, "section": "ledger"\}\)/,
    )
    assert.doesNotMatch(body, /the newest 0 shown/)
  })

  test('nothing to say: no tool calls in scope', async () => {
    const out = await ledger.run({
      name: 'ledger',
      input: { trigger: 'cli', sessionId: 's', cwd: '/', transcript: transcript([user(0, 'typed', 'hi')]), lineage: { n: 1, prev: null, earlier: [] } },
      options: { ...ledger.defaults.options! },
      budgetChars: 6_000,
      timeoutMs: 5_000,
      signal: new AbortController().signal,
      capabilities: { host: 'cli', model: null, files: null, now: Date.now },
      report: { note() {}, notes: [] },
      needed: {},
    })
    assert.equal(out, null)
  })

  test('an aborted run stops', async () => {
    const controller = new AbortController()
    controller.abort(new Error('timed out'))
    await assert.rejects(readLedger(heavy().messages, controller.signal), /timed out/)
  })
})
