import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Message, MessageKind, Transcript } from '../../pipeline/index.ts'
import { type CommandRow, fitCommands } from './commands.ts'
import { errorHead, failures, isFailure } from './failures.ts'
import { filesWritten, normalizePath } from './files.ts'
import ledger, { lookupCall, messagesInScope, readLedger } from './index.ts'

// ---- builders ---------------------------------------------------------------------------------

type Use = { name: string; input: Record<string, unknown>; result?: { text: string; isError?: boolean } }

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
      return { id, name: u.name, input: u.input, ...(u.result ? { result: { toolUseId: id, text: u.result.text, isError: u.result.isError ?? false } } : {}) }
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

  test('a file whose every file-tool call errored says so', async () => {
    const t = transcript([assistant(0, edit('/r/a.ts', { text: '<tool_use_error>String to replace not found</tool_use_error>', isError: true }))])
    const { body } = await run(t)
    assert.match(body, /- \/r\/a\.ts — Edit; every call came back as an error/)
  })

  test('paths under the session cwd are shown relative to it; the shell-relative ones say so', async () => {
    const t = transcript([assistant(0, edit('/repo/lib/a.ex'), bash('echo x > notes.txt'))], '/repo')
    const { body } = await run(t)
    assert.match(body, /Paths are relative to \/repo\./)
    assert.match(body, /^- lib\/a\.ex — Edit$/m)
    assert.match(body, /^- notes\.txt \(as the shell wrote it\) — Bash \(>\)$/m)
  })
})

// ---- failures ---------------------------------------------------------------------------------

describe('failures', () => {
  const use = (name: string, text: string, isError = false) =>
    assistant(0, { name, input: { command: 'x', file_path: '/f' }, result: { text, isError } }).toolUses[0]!

  test('is_error, or the error text the tool itself produced', () => {
    assert.equal(isFailure(use('Bash', 'Exit code 1\nboom', true)), true)
    assert.equal(isFailure(use('Edit', '<tool_use_error>String to replace not found</tool_use_error>')), true)
    assert.equal(isFailure(use('Read', 'Error: EISDIR')), true)
    // A command's own output is not the tool's error text.
    assert.equal(isFailure(use('Bash', 'Error: this is what the program printed')), false)
    assert.equal(isFailure(use('Bash', 'all good')), false)
  })

  test('the newest 20, each with the tool, a short input and the first lines of the error', async () => {
    const ms = Array.from({ length: 30 }, (_, i) =>
      assistant(i, bash(`./step ${i + 1}`, { text: `Exit code 2\nfailure number ${i + 1}\nmore\nand more`, isError: true })),
    )
    const { body, record } = await run(transcript(ms), 20_000)
    assert.match(body, /### Failures: 30 \(the newest 20 shown; all of them: handoff_lookup \{"n": 1, "section": "ledger"\}\)/)
    assert.match(body, /- Bash `\.\/step 30` → Exit code 2 ⏎ failure number 30$/m)
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

  test('the error head drops the wrapper tags and keeps two lines', () => {
    assert.equal(errorHead('<tool_use_error>File does not exist.</tool_use_error>'), 'File does not exist.')
    assert.equal(errorHead('a\n\nb\nc'), 'a ⏎ b')
    assert.equal(failures([]).length, 0)
  })
})

// ---- commands and the budget ------------------------------------------------------------------

describe('shell commands', () => {
  const row = (n: number, command: string, readOnly = false): CommandRow => ({ n, command, readOnly, failed: false, writes: [], at: n })
  const count = (left: number, ro: number) => `[${left} left (${ro} read-only); ${lookupCall(3)}]`

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
    })
  }

  test('at the default budget every part is there and the newest 10 commands are listed', async () => {
    const { body, record } = await run(heavy())
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
    assert.match(body, /### Failures: 1\n- Bash `git log --oneline --max-count=27 .*the commit hook refused it/)
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
