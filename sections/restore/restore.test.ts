import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { diskFiles } from '../../pipeline/disk-files.ts'
import { SectionDropError, type FileCapability, type Message, type SectionOutcome, type SectionResult, type Transcript } from '../../pipeline/index.ts'
import type { Requested } from './choose.ts'
import restore, { type RestoredFile, shareOut, windowFor } from './index.ts'

const dir = mkdtempSync(join(tmpdir(), 'ch-restore-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const file = (name: string, text: string) => {
  const p = join(dir, name)
  writeFileSync(p, text)
  return p
}

let idx = 0
function toolMsg(name: string, input: Record<string, unknown>, result?: string): Message {
  return {
    index: idx++,
    role: 'assistant',
    kind: 'assistant',
    text: '',
    toolUses: [{ id: `t${idx}`, name, input, ...(result !== undefined ? { result: { toolUseId: `t${idx}`, text: result, isError: false } } : {}) }],
    toolResults: [],
  }
}

function transcript(...messages: Message[]): Transcript {
  return { source: 'jsonl', cwd: dir, messages: messages.map((m, i) => ({ ...m, index: i })), boundaries: [], malformed: { count: 0, lines: [] } }
}

function summaryNamed(files: Requested[]): SectionOutcome {
  return { name: 'summary', title: 'Summary', status: 'ok', body: 's', chars: 1, messages: [], ms: 1, notes: [], record: { restoreFiles: files } }
}

async function run(
  t: Transcript,
  opts: {
    named?: Requested[]
    summaryDropped?: boolean
    /** The ledger's record of files deleted after their last write: path → how. */
    deleted?: Record<string, string>
    files?: FileCapability | null
    options?: Record<string, number>
    trigger?: 'cli' | 'manual'
    budget?: number
    cwd?: string
  } = {},
) {
  const needed: Record<string, SectionOutcome> = {}
  if (opts.named) needed.summary = summaryNamed(opts.named)
  if (opts.deleted)
    needed.ledger = {
      name: 'ledger',
      title: 'Ledger',
      status: 'ok',
      body: 'l',
      chars: 1,
      messages: [],
      ms: 1,
      notes: [],
      record: { files: Object.entries(opts.deleted).map(([path, how]) => ({ path, tools: { Write: 1 }, deleted: how })) },
    }
  if (opts.summaryDropped) needed.summary = { name: 'summary', title: 'Summary', status: 'dropped', code: 'SECTION_NO_MODEL', message: 'x', ms: 0, notes: [] }
  const notes: string[] = []
  let dropped: SectionDropError | undefined
  const r = (await restore
    .run({
      name: 'restore',
      // The transcript's cwd is the session's project, as the CLI and the engine child set it.
      input: {
        trigger: opts.trigger ?? 'manual',
        sessionId: 's',
        cwd: opts.cwd ?? dir,
        transcript: { ...t, cwd: opts.cwd ?? dir },
        lineage: { n: 2, prev: 1, earlier: [] },
      },
      options: { maxFiles: 5, fileChars: 20_000, totalChars: 100_000, readTimeoutMs: 20_000, ...opts.options },
      budgetChars: opts.budget ?? 102_000,
      timeoutMs: 60_000,
      signal: new AbortController().signal,
      capabilities: { host: 'cli', model: null, files: opts.files === undefined ? diskFiles : opts.files, now: Date.now },
      report: { note: (m) => void notes.push(m), notes },
      needed,
    })
    .catch((err) => {
      if (!(err instanceof SectionDropError)) throw err
      dropped = err
      return { body: '', record: err.record }
    })) as SectionResult
  return {
    r,
    dropped,
    rec: r.record as {
      source: string
      requested: number
      restored: RestoredFile[]
      refused: Array<{ path: string; why: string }>
      failed: Array<{ path: string; why: string }>
    },
    notes,
  }
}

const all = (path: string, reason = 'needed'): Requested => ({ path, range: 'all', reason })

describe('restore: choice', () => {
  test('every refusal rule, each with its reason; the rest restored in the order named', async () => {
    const a = file('a.ts', 'export const a = 1\n')
    const b = file('b.ts', 'export const b = 2\n')
    const claude = file('CLAUDE.md', '# rules\n')
    const shellOnly = file('script.sh', 'echo hi\n')
    const gone = join(dir, 'deleted.ts')
    const never = file('never.ts', 'x\n')
    const extra = Array.from({ length: 4 }, (_, i) => file(`e${i}.ts`, `e${i}\n`))
    const t = transcript(
      toolMsg('Read', { file_path: a }, '1\texport const a = 1'),
      toolMsg('Edit', { file_path: b, old_string: '1', new_string: '2' }),
      toolMsg('Read', { file_path: claude }, '# rules'),
      toolMsg('Write', { file_path: gone, content: 'old' }),
      toolMsg('Bash', { command: 'bash ./script.sh 2>&1 | tail' }),
      ...extra.map((p) => toolMsg('Read', { file_path: p }, 'e')),
    )
    const { r, rec } = await run(t, { named: [all(a), all(a), all(claude), all(never), all(gone), all(shellOnly), all(b), ...extra.map((p) => all(p))] })
    assert.equal(rec.source, 'summary')
    assert.deepEqual(
      rec.restored.map((f) => f.path),
      [a, shellOnly, b, extra[0], extra[1]],
    )
    assert.deepEqual(
      rec.refused.map((x) => [x.path, x.why]),
      [
        [a, 'named twice'],
        [claude, 'CLAUDE.md is re-attached by the engine itself'],
        [never, 'the session never read or wrote it'],
        [gone, 'no longer on disk'],
        [extra[2], 'past the cap of 5 files (maxFiles)'],
        [extra[3], 'past the cap of 5 files (maxFiles)'],
      ],
    )
    assert.equal(r.messages?.[0]?.toolUses?.length, 5)
    // The handoff says what it passed over that the next window might reach for, not the bookkeeping.
    assert.match(r.body, new RegExp(`^Not restored: ${gone.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(no longer on disk\\)\\.$`, 'm'))
    assert.doesNotMatch(r.body, /named twice|past the cap|re-attached/)
  })

  test('recency when the summary was dropped or named nothing usable; shell-named files never feed it', async () => {
    const old = file('old.ts', 'old\n')
    const mid = file('mid.ts', 'mid\n')
    const newest = file('new.ts', 'new\n')
    const shell = file('only-shell.txt', 'x\n')
    const t = transcript(
      toolMsg('Read', { file_path: old }, 'old'),
      toolMsg('Write', { file_path: mid, content: 'mid\n' }),
      toolMsg('Bash', { command: `cat ${shell}` }),
      toolMsg('Edit', { file_path: newest, old_string: 'a', new_string: 'b' }),
      toolMsg('Read', { file_path: old }, 'old'),
    )
    for (const opts of [{ summaryDropped: true }, { named: [all('/nowhere/x.ts')] }, {}]) {
      const { rec } = await run(t, { ...opts, options: { maxFiles: 2 } })
      assert.equal(rec.source, 'recency')
      assert.deepEqual(
        rec.restored.map((f) => f.path),
        [old, newest],
      )
    }
  })
})

describe('restore: reading', () => {
  test('a file edited after its last Read comes back as it is now', async () => {
    const p = file('live.ts', 'version 1\n')
    const t = transcript(toolMsg('Read', { file_path: p }, '     1\tversion 1'))
    writeFileSync(p, 'version 2, edited by a shell command\n')
    const { r, rec } = await run(t, { named: [all(p)] })
    assert.equal(rec.restored[0]!.source, 'read')
    assert.match(r.messages![1]!.toolResults![0]!.text, /version 2/)
  })

  test("a failed, denied or slow read falls back to the transcript's last copy (source: stored)", async () => {
    const p = file('stored.ts', 'on disk\n')
    const t = transcript(toolMsg('Read', { file_path: p }, '     1\tfrom the transcript'))
    const denied: FileCapability = { read: async () => ({ ok: false, reason: 'permission denied by the user' }) }
    const hangs: FileCapability = {
      read: (_req, signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    }
    for (const [files, why] of [
      [denied, /permission denied/],
      [hangs, /no answer within 50 ms \(readTimeoutMs\)/],
    ] as const) {
      const started = Date.now()
      const { r, rec, notes } = await run(t, { named: [all(p)], files, options: { readTimeoutMs: 50 } })
      assert.ok(Date.now() - started < 2_000)
      assert.equal(rec.restored[0]!.source, 'stored')
      assert.match(rec.restored[0]!.note!, why)
      assert.match(r.messages![1]!.toolResults![0]!.text, /from the transcript/)
      assert.deepEqual(notes, [])
    }
  })

  test('from the CLI, a transcript from another machine still carries its files', async () => {
    const t = transcript(
      toolMsg('Write', { file_path: '/elsewhere/app/main.ts', content: 'written there\n' }),
      toolMsg('Read', { file_path: '/elsewhere/app/gone.ts' }, '     1\tread there'),
    )
    const named = [all('/elsewhere/app/main.ts'), all('/elsewhere/app/gone.ts')]
    const there = await run(t, { named, trigger: 'cli', cwd: '/elsewhere/app' })
    assert.deepEqual(
      there.rec.restored.map((f) => [f.path, f.source]),
      [
        ['/elsewhere/app/main.ts', 'stored'],
        ['/elsewhere/app/gone.ts', 'stored'],
      ],
    )
    assert.match(there.r.messages![1]!.toolResults![0]!.text, /written there/)
    // The same from a CLI whose disk has the transcript's cwd (a /app on both machines) but none
    // of the session's files: another machine's disk, so the copies still stand in.
    const app = mkdtempSync(join(tmpdir(), 'ch-restore-app-'))
    try {
      const there2 = transcript(
        toolMsg('Write', { file_path: join(app, 'main.ts'), content: 'written there\n' }),
        toolMsg('Read', { file_path: join(app, 'gone.ts') }, '     1\tread there'),
      )
      const sameCwd = await run(there2, { named: [all(join(app, 'main.ts')), all(join(app, 'gone.ts'))], trigger: 'cli', cwd: app })
      assert.deepEqual(
        sameCwd.rec.restored.map((f) => f.source),
        ['stored', 'stored'],
      )
    } finally {
      rmSync(app, { recursive: true, force: true })
    }
    // In the session's own machine (the engine, or a CLI run where its cwd exists) a file gone
    // from disk is gone: its old text would mislead.
    const here = await run(t, { named, trigger: 'manual', cwd: '/elsewhere/app' })
    assert.deepEqual(
      here.rec.refused.map((x) => x.why),
      ['no longer on disk', 'no longer on disk'],
    )
    assert.equal(here.dropped?.code, 'SECTION_EMPTY')
    assert.match(here.dropped!.message, /no file to restore \(2 named, 2 refused/)
  })

  test('from the CLI, a file the ledger read as deleted by the shell is not handed up from its stale copy', async () => {
    const t = transcript(
      toolMsg('Write', { file_path: '/elsewhere/app/old.ts', content: 'export const old = 1\n' }, 'ok'),
      toolMsg('Write', { file_path: '/elsewhere/app/main.ts', content: 'export const main = 1\n' }, 'ok'),
    )
    const deleted = { '/elsewhere/app/old.ts': 'rm' }
    const named = await run(t, { named: [all('/elsewhere/app/old.ts'), all('/elsewhere/app/main.ts')], trigger: 'cli', cwd: '/elsewhere/app', deleted })
    assert.deepEqual(
      named.rec.restored.map((f) => f.path),
      ['/elsewhere/app/main.ts'],
    )
    assert.deepEqual(named.rec.refused, [{ path: '/elsewhere/app/old.ts', why: 'the session deleted it (rm)' }])
    // Chosen by recency too, it is passed over.
    const recent = await run(t, { summaryDropped: true, trigger: 'cli', cwd: '/elsewhere/app', deleted })
    assert.deepEqual(
      recent.rec.restored.map((f) => f.path),
      ['/elsewhere/app/main.ts'],
    )
  })

  test("the transcript's copy carries later Edits; a copy an Edit cannot be replayed on is not used", async () => {
    const t = transcript(
      toolMsg('Write', { file_path: '/elsewhere/app/a.js', content: 'const slug = (s) => s.toLowerCase()\n' }),
      toolMsg('Edit', { file_path: '/elsewhere/app/a.js', old_string: 's.toLowerCase()', new_string: "s.normalize('NFD').toLowerCase()" }),
      toolMsg('Read', { file_path: '/elsewhere/app/b.js' }, '     1\tlet x = 1\n     2\tlet y = 2\n\n<system-reminder>\nwhatever\n</system-reminder>\n'),
      toolMsg('MultiEdit', {
        file_path: '/elsewhere/app/b.js',
        edits: [
          { old_string: 'x = 1', new_string: 'x = 10' },
          { old_string: 'y', new_string: 'why', replace_all: true },
        ],
      }),
      toolMsg('Write', { file_path: '/elsewhere/app/c.js', content: 'one\n' }),
      toolMsg('Edit', { file_path: '/elsewhere/app/c.js', old_string: 'not in the copy', new_string: 'x' }),
    )
    const named = ['a.js', 'b.js', 'c.js'].map((f) => all(`/elsewhere/app/${f}`))
    const { r, rec } = await run(t, { named, trigger: 'cli', cwd: '/elsewhere/app' })
    assert.deepEqual(
      rec.restored.map((f) => [f.path.split('/').pop(), f.source]),
      [
        ['a.js', 'stored'],
        ['b.js', 'stored'],
      ],
    )
    const [a, b] = r.messages![1]!.toolResults!
    // Each stored copy says what it is, then shows the file as the transcript last knew it.
    assert.match(a!.text, /^\[compact-handoff: the file could not be read now \(.*\); below is the transcript's last copy of it, which may be out of date\]\n/)
    // A final newline ends the last line: it is not a line of its own.
    assert.equal(a!.text.split('\n').slice(1).join('\n'), "1\tconst slug = (s) => s.normalize('NFD').toLowerCase()")
    assert.match(r.body, /a\.js \(1 line; the file could not be read, so from the transcript's last copy\) — needed/)
    assert.equal(b!.text.split('\n').slice(1).join('\n'), '1\tlet x = 10\n2\tlet why = 2')
    assert.match(r.body, /^2 files, chosen by the summary, from the transcript's last copies \(they could not be read now\)/)
    assert.deepEqual(rec.refused, [{ path: '/elsewhere/app/c.js', why: 'neither on disk nor in the transcript' }])
  })

  test('images, PDFs and notebooks are recorded as failed, with the reason', async () => {
    const png = file('shot.png', 'PNG')
    const t = transcript(toolMsg('Read', { file_path: png }, '[image]'))
    const { rec, notes, dropped } = await run(t, { named: [all(png)] })
    assert.match(dropped!.message, /none of 1 file\(s\) could be restored \(an image/)
    assert.deepEqual(rec.failed, [{ path: png, why: 'an image: only text comes back through a restore' }])
    assert.equal(rec.restored.length, 0)
    assert.equal(notes.length, 1)
  })
})

describe('restore: caps and shape', () => {
  test('per-file clip to its share of the total, and the record per file', async () => {
    const big = file('big.txt', 'line of text\n'.repeat(3_000))
    const small = file('small.txt', 'tiny\n')
    const t = transcript(toolMsg('Read', { file_path: big }, 'x'), toolMsg('Read', { file_path: small }, 'y'))
    const { r, rec } = await run(t, { named: [all(big), all(small)], options: { fileChars: 10_000, totalChars: 10_100 } })
    const [b, s] = rec.restored
    assert.equal(b!.path, big)
    // The small file takes what it needs; the big one gets the rest of the total, not fileChars.
    assert.equal(s!.path, small)
    assert.ok(b!.chars + s!.chars <= 10_100, `${b!.chars} + ${s!.chars}`)
    assert.ok(b!.chars > 9_000, `${b!.chars}`)
    // Only about its share of the file is read at all; the clip says the rest was not restored.
    assert.ok(b!.clippedChars > 0)
    assert.match(r.messages![1]!.toolResults![0]!.text, /\[… the rest of the file not restored \(its share of totalChars: [\d,]+\)/)
    assert.equal(b!.approxTokens, Math.ceil(b!.chars / 4))
    assert.ok(typeof b!.ms === 'number' && b!.lines > 100)
    assert.deepEqual(rec.failed, [])
  })

  test('the section fits a budget smaller than totalChars', async () => {
    const files = Array.from({ length: 5 }, (_, i) => file(`f${i}.txt`, `${i}`.repeat(9_000)))
    const t = transcript(...files.map((p) => toolMsg('Read', { file_path: p }, 'x')))
    const { r } = await run(t, { named: files.map((p) => all(p)), budget: 30_000 })
    const chars =
      r.body.length +
      r.messages!.reduce((n, m) => n + (m.toolResults ?? []).reduce((k, x) => k + x.text.length, 0) + JSON.stringify(m.toolUses ?? []).length, 0)
    assert.ok(chars <= 30_000, `${chars}`)
  })

  test('a budget with no room for any file drops the section, the reason said once for all of them', async () => {
    const files = Array.from({ length: 5 }, (_, i) => file(`tiny${i}.txt`, `line ${i}\n`))
    const t = transcript(...files.map((p) => toolMsg('Read', { file_path: p }, 'x')))
    const { dropped } = await run(t, { named: files.map((p) => all(p)), budget: 150 })
    assert.equal(dropped?.code, 'SECTION_EMPTY')
    assert.match(
      dropped!.message,
      /none of 5 file\(s\) could be restored \(the list of files alone takes the room \(budgetChars: 150, less room for the list\)\)$/,
    )
  })

  test('handed up as one Read tool_use per file, each paired with its tool_result, with the range as offset/limit', async () => {
    const p = file('ranged.ts', Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n'))
    const q = file('whole.ts', 'whole\n')
    const t = transcript(toolMsg('Read', { file_path: p }, 'x'), toolMsg('Read', { file_path: q }, 'y'))
    const { r } = await run(t, { named: [{ path: p, range: { from: 10, to: 12 }, reason: 'the loop' }, all(q)] })
    const [use, res] = r.messages!
    assert.equal(use!.role, 'assistant')
    assert.deepEqual(use!.toolUses, [
      { id: 'toolu_handoff_002_restore_1', name: 'Read', input: { file_path: p, offset: 10, limit: 3 } },
      { id: 'toolu_handoff_002_restore_2', name: 'Read', input: { file_path: q } },
    ])
    assert.deepEqual(
      res!.toolResults!.map((x) => x.toolUseId),
      ['toolu_handoff_002_restore_1', 'toolu_handoff_002_restore_2'],
    )
    assert.equal(res!.toolResults![0]!.text, '10\tline 10\n11\tline 11\n12\tline 12')
    assert.match(r.body, /lines 10–12 .*— the loop/)
  })

  test('labelled by what the result holds: a range cut short is handed up as the lines it shows', async () => {
    const p = file('wide.txt', Array.from({ length: 200 }, (_, i) => `line ${i + 1} ${'x'.repeat(60)}`).join('\n'))
    const t = transcript(toolMsg('Read', { file_path: p }, 'x'))
    // 30 lines asked; the share holds about 15 of them.
    const { r, rec } = await run(t, { named: [{ path: p, range: { from: 130, to: 159 }, reason: 'the loop' }], options: { totalChars: 1_200 } })
    const f = rec.restored[0]!
    const text = r.messages![1]!.toolResults![0]!.text
    const numbers = [...text.matchAll(/^(\d+)\t/gm)].map((m) => Number(m[1]))
    assert.ok(numbers.length > 5 && numbers.at(-1)! < 159, `${numbers.length}`)
    assert.deepEqual(f.range, { from: 130, to: numbers.at(-1) })
    assert.equal(f.lines, numbers.length)
    assert.ok(f.clipped)
    assert.deepEqual(r.messages![0]!.toolUses![0]!.input, { file_path: p, offset: 130, limit: numbers.length })
    assert.match(r.body, new RegExp(`lines 130–${numbers.at(-1)} \\(${numbers.length} lines, clipped\\) — the loop`))
  })
})

describe('restore: windows and shares', () => {
  const touch = (text: string, firstLine: number, focus: number, whole = firstLine === 1) => ({
    path: '/p/f',
    last: 0,
    focus,
    ops: {},
    stored: { text, from: 'read' as const, firstLine, whole },
  })
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1} ${'x'.repeat(40)}`).join('\n')

  test('a file that fits comes back whole; a longer one as a window around where the session worked, more below than above', () => {
    assert.equal(windowFor(touch(lines(10), 1, 5), 20_000), 'all')
    const w = windowFor(touch(lines(2_000), 1, 1_000), 5_000)
    assert.ok(w !== 'all')
    const { from, to } = w as { from: number; to: number }
    assert.ok(from < 1_000 && to > 1_000, `${from}–${to}`)
    assert.ok(to - 1_000 > 1_000 - from, 'more below the focus than above')
    const shown = (to - from + 1) * 55
    assert.ok(shown <= 5_000 && shown > 4_000, `${shown}`)
  })

  test('a window held to a partial copy stays inside its lines; read live, it is sized by a typical line past them', () => {
    const w = windowFor(touch(lines(100), 300, 310), 2_000, true) as { from: number; to: number }
    assert.ok(w.from >= 300 && w.to <= 399, `${w.from}–${w.to}`)
    // Read live, the window sits around the focus even where the copy holds no line.
    const live = windowFor(touch(lines(30), 1, 450, false), 5_000) as { from: number; to: number }
    assert.ok(live.from < 450 && live.to > 450 && live.from > 30, `${live.from}–${live.to}`)
    assert.deepEqual(windowFor({ path: '/p/f', last: 0, focus: 400, ops: {} }, 5_000), { from: 366, to: 465 })
    assert.equal(windowFor({ path: '/p/f', last: 0, focus: 1, ops: {} }, 5_000), 'all')
  })

  test('a part from line 1 that fits is still a window, never the whole file', () => {
    assert.deepEqual(windowFor(touch(lines(30), 1, 3, false), 20_000, true), { from: 1, to: 30 })
    assert.equal(windowFor(touch(lines(30), 1, 3, true), 20_000, true), 'all')
  })

  test('shareOut: short files take what they need and the long ones split the rest', () => {
    assert.deepEqual(shareOut([1_000, 30_000, 2_000, 30_000], 20_000), [1_000, 8_500, 2_000, 8_500])
    assert.deepEqual(shareOut([1_000, 2_000], 20_000), [1_000, 2_000])
    assert.deepEqual(shareOut([5_000, 5_000], 0), [0, 0])
  })

  test('from the CLI, a file the session read only in part comes back as those lines, labelled as the transcript copy', async () => {
    const numbered = Array.from({ length: 3 }, (_, i) => `${String(50 + i).padStart(6)}→const v${50 + i} = ${50 + i}`).join('\n')
    const t = transcript(toolMsg('Read', { file_path: '/elsewhere/big.ts', offset: 50, limit: 3 }, numbered))
    const { r, rec } = await run(t, { trigger: 'cli', cwd: '/elsewhere' })
    assert.equal(rec.restored.length, 1)
    assert.equal(rec.restored[0]!.source, 'stored')
    const result = r.messages![1]!.toolResults![0]!.text
    assert.match(result, /transcript's last copy of it, which holds only lines 50–52 of the file, not the whole file/)
    assert.ok(result.endsWith('50\tconst v50 = 50\n51\tconst v51 = 51\n52\tconst v52 = 52'), result)
  })

  test('from the CLI, a part read from line 1 with a limit is handed up as that part, never as the whole file', async () => {
    // The session read the first 3 lines (limit 3, no offset) of a longer file, then edited one.
    const head = ['package cli', 'import "fmt"', 'const a = 1'].map((l, i) => `${String(i + 1).padStart(6)}→${l}`).join('\n')
    const t = transcript(
      toolMsg('Read', { file_path: '/elsewhere/rewind.go', limit: 3 }, head),
      toolMsg('Edit', { file_path: '/elsewhere/rewind.go', old_string: 'import "fmt"', new_string: 'import (\n\t"fmt"\n)' }),
    )
    const { r, rec } = await run(t, { trigger: 'cli', cwd: '/elsewhere' })
    const [use] = r.messages![0]!.toolUses!
    assert.deepEqual(use!.input, { file_path: '/elsewhere/rewind.go', offset: 1, limit: 5 })
    const result = r.messages![1]!.toolResults![0]!.text
    assert.match(result, /^\[compact-handoff: .*which holds only lines 1–5 of the file, not the whole file/)
    assert.deepEqual(rec.restored[0]!.range, { from: 1, to: 5 })
    assert.deepEqual(rec.restored[0]!.copyHolds, { from: 1, to: 5 })
    assert.match(r.body, /rewind\.go lines 1–5 \(5 lines; the file could not be read, so from the transcript's last copy, which holds only lines 1–5 of it\)/)
  })

  test('read live, the window sits around the newest Edit even when a partial Read elsewhere came after it', async () => {
    const p = file('long.go', Array.from({ length: 600 }, (_, i) => `// line ${i + 1}`).join('\n'))
    const part = (from: number, n: number) => Array.from({ length: n }, (_, i) => `${String(from + i).padStart(6)}→// line ${from + i}`).join('\n')
    const t = transcript(
      toolMsg('Read', { file_path: p, offset: 400, limit: 40 }, part(400, 40)),
      toolMsg('Edit', { file_path: p, old_string: '// line 420\n', new_string: '// line 420\n' }),
      toolMsg('Read', { file_path: p, limit: 30 }, part(1, 30)),
    )
    const { r, rec } = await run(t, { named: [all(p)], options: { fileChars: 2_000, totalChars: 2_000 } })
    const range = rec.restored[0]!.range as { from: number; to: number }
    assert.ok(range.from < 420 && range.to > 420, `${range.from}–${range.to}`)
    assert.deepEqual(r.messages![0]!.toolUses![0]!.input, { file_path: p, offset: range.from, limit: range.to - range.from + 1 })
  })
})
