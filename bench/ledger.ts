/**
 * The ledger on every real transcript with a compaction, run on the conversation as it stood at
 * the boundary: its size against the raw commands it summarises, and how many of the files the
 * work after the boundary went on to touch (that the work before it had touched) it names.
 */
import { basename, posix } from 'node:path'
import type { Message, Transcript } from '../pipeline/index.ts'
import { beforeBoundary, readJsonlTranscript } from '../pipeline/transcript.ts'
import ledger from '../sections/ledger/index.ts'
import { loadBashParser } from '../sections/ledger/bash-parser.ts'
import { FILE_TOOLS, normalizePath } from '../sections/ledger/files.ts'
import { analyzeShell } from '../sections/ledger/shell-writes.ts'
import { rawTranscripts, skipWithoutShared } from '../test/shared.ts'

export interface LedgerRun {
  body: string
  record: Record<string, any>
  ms: number
}

/** Runs the section as the pipeline would, with the given budget. */
export async function runLedger(t: Transcript, budgetChars = ledger.defaults.budgetChars): Promise<LedgerRun | null> {
  const t0 = performance.now()
  const out = await ledger.run({
    name: 'ledger',
    input: { trigger: 'cli', sessionId: t.sessionId ?? 'bench', cwd: t.cwd ?? '/', transcript: t, lineage: { n: 1, prev: null, earlier: [] } },
    options: { ...ledger.defaults.options! },
    budgetChars,
    timeoutMs: ledger.defaults.timeoutMs,
    signal: new AbortController().signal,
    capabilities: { host: 'cli', model: null, files: null, now: Date.now },
    report: { note() {}, notes: [] },
    needed: {},
  })
  if (out == null || typeof out === 'string') return null
  return { body: out.body, record: out.record ?? {}, ms: performance.now() - t0 }
}

const READ_TOOLS: Record<string, string> = { ...FILE_TOOLS, Read: 'file_path' }

/** Absolute where the session's cwd makes it so; `~` and `$` paths stay as written. */
function resolveIn(cwd: string | undefined, p: string): string {
  const n = normalizePath(p)
  return n.startsWith('/') || n.startsWith('~') || n.startsWith('$') || !cwd ? n : posix.join(cwd, n)
}

/** Files the messages' tool calls name: `written` by a file tool (or the shell's text), `touched` by any. */
export async function filesNamed(
  messages: Message[],
  cwd: string | undefined,
): Promise<{ written: Set<string>; toolWritten: Set<string>; touched: Set<string> }> {
  const loaded = await loadBashParser()
  const parser = loaded.ok ? loaded.parser : null
  const written = new Set<string>()
  const toolWritten = new Set<string>()
  const touched = new Set<string>()
  for (const m of messages) {
    for (const use of m.toolUses) {
      const field = READ_TOOLS[use.name]
      if (field) {
        const p = use.input[field]
        if (typeof p !== 'string' || p === '') continue
        const abs = resolveIn(cwd, p)
        touched.add(abs)
        if (use.name in FILE_TOOLS) {
          written.add(abs)
          toolWritten.add(abs)
        }
      } else if (use.name === 'Bash' && typeof use.input.command === 'string') {
        for (const w of analyzeShell(use.input.command, parser).writes) {
          const abs = resolveIn(cwd, w.path)
          written.add(abs)
          touched.add(abs)
        }
      }
    }
  }
  return { written, toolWritten, touched }
}

/** Paths a shell command's text names outright (`git add lib/a.ex`), resolved in the cwd. */
function shellMentions(messages: Message[], cwd: string | undefined, among: Set<string>): Set<string> {
  const out = new Set<string>()
  for (const m of messages) {
    for (const use of m.toolUses) {
      if (use.name !== 'Bash' || typeof use.input.command !== 'string') continue
      for (const word of use.input.command.split(/[\s'"=;&|()<>]+/)) {
        if (word === '') continue
        const abs = resolveIn(cwd, word)
        if (among.has(abs)) out.add(abs)
      }
    }
  }
  return out
}

export interface TranscriptMeasure {
  file: string
  bodyChars: number
  budgetChars: number
  commands: number
  commandsShown: number
  commandsRawChars: number
  filesListed: number
  /** Files the work after the boundary touched that the work before it had written. */
  carriedWritten: { total: number; named: number; missing: string[] }
  /** The same, for files written by a file tool (Write/Edit/MultiEdit/NotebookEdit) alone. */
  carriedToolWritten: { total: number; named: number; missing: string[] }
  /** Files the work after touched that the work before had touched in any way (reads too). */
  carriedTouched: { total: number; named: number }
  parserFallbacks: number
  parserInitMs: number | null
  ms: number
}

/** Named by the ledger: in its record's file list, and shown in its body (as its display path). */
function namedBy(run: LedgerRun, cwd: string | undefined): (abs: string) => boolean {
  const listed = new Set<string>((run.record.files ?? []).map((f: { path: string }) => resolveIn(cwd, f.path)))
  for (const f of run.record.files ?? []) for (const r of f.folded ?? []) listed.add(resolveIn(cwd, r))
  // A file an `mv` moved away is named by the line of the file it became.
  const movedTo = new Map<string, string>()
  for (const f of run.record.files ?? []) for (const r of f.renamedFrom ?? []) movedTo.set(resolveIn(cwd, r), resolveIn(cwd, f.path))
  return (abs) => {
    const at = listed.has(abs) ? abs : movedTo.get(abs)
    if (at === undefined) return false
    const shown = cwd && at.startsWith(`${cwd}/`) ? at.slice(cwd.length + 1) : at
    return run.body.includes(`- ${shown} `) || run.body.includes(`- ${at} `) || run.body.includes(`\`${shown}\``)
  }
}

export async function measureTranscript(path: string): Promise<TranscriptMeasure | null> {
  const full = await readJsonlTranscript(path)
  const boundary = full.boundaries[full.boundaries.length - 1]
  if (!boundary) return null
  const pre = beforeBoundary(full, 'last')
  const post = full.messages.slice(boundary.messageIndex)
  const cwd = full.cwd
  const run = await runLedger(pre)
  if (!run) return null

  const before = await filesNamed(pre.messages, cwd)
  const after = await filesNamed(post, cwd)
  const touchedAfter = new Set([...after.touched, ...shellMentions(post, cwd, before.touched)])
  const named = namedBy(run, cwd)
  const measure = (set: Set<string>) => {
    const carried = [...set].filter((p) => touchedAfter.has(p))
    const missing = carried.filter((p) => !named(p))
    return { total: carried.length, named: carried.length - missing.length, missing }
  }
  const commands = pre.messages.flatMap((m) => m.toolUses).filter((u) => u.name === 'Bash' && typeof u.input.command === 'string')
  const touched = measure(before.touched)
  return {
    file: basename(path),
    bodyChars: run.body.length,
    budgetChars: ledger.defaults.budgetChars,
    commands: commands.length,
    commandsShown: run.record.counts.commandsShown,
    commandsRawChars: commands.reduce((n, u) => n + (u.input.command as string).length, 0),
    filesListed: run.record.counts.files,
    carriedWritten: measure(before.written),
    carriedToolWritten: measure(before.toolWritten),
    carriedTouched: { total: touched.total, named: touched.named },
    parserFallbacks: run.record.parser.fallbacks.length,
    parserInitMs: run.record.parser.initMs,
    ms: run.ms,
  }
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(0)}%`)

export async function benchLedger(): Promise<string> {
  if (skipWithoutShared) return `ledger: skipped (${skipWithoutShared})`
  const lines = ['ledger: each real transcript with a compaction, ledger run on the part before its last boundary']
  for (const path of rawTranscripts()) {
    const m = await measureTranscript(path)
    if (!m) continue
    lines.push(
      `  ${m.file}`,
      `    size      ${m.bodyChars.toLocaleString('en-US')} chars (budget ${m.budgetChars.toLocaleString('en-US')}: ${m.bodyChars <= m.budgetChars ? 'fits' : 'OVER'}) for ${m.commands} commands of ${m.commandsRawChars.toLocaleString('en-US')} raw chars (${(m.bodyChars / Math.max(1, m.commandsRawChars)).toFixed(2)} x); ${m.commandsShown} commands shown, ${m.filesListed} files listed`,
      `    carried   files the post-compaction work touched that the pre-compaction work wrote: ${m.carriedWritten.named}/${m.carriedWritten.total} named (${pct(m.carriedWritten.named, m.carriedWritten.total)}); by a file tool: ${m.carriedToolWritten.named}/${m.carriedToolWritten.total}`,
      `              ... that it had touched in any way (reads too; the ledger lists writes only): ${m.carriedTouched.named}/${m.carriedTouched.total} (${pct(m.carriedTouched.named, m.carriedTouched.total)})`,
      ...(m.carriedWritten.missing.length ? [`    MISSING   ${m.carriedWritten.missing.join(', ')}`] : []),
      `    cost      ${m.ms.toFixed(0)} ms (parser load ${m.parserInitMs ?? 'n/a'} ms, once per process; under tsx here), ${m.parserFallbacks} commands read by the fallback tokenizer`,
    )
  }
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchLedger())
