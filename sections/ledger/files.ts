/**
 * The files a stretch of conversation wrote: each once, with every tool that wrote it. The file
 * tools name their path; the shell's writes come from its command text, resolved against the
 * directory the command ran in, and a file `mv` moved is listed under its new name. A relative
 * path with no known directory folds into the one absolute path a file tool named that ends with it.
 */
import { posix } from 'node:path'
import { isFailure, type ToolUse } from '../../pipeline/index.ts'
import { isDeletion, type ShellAnalysis, type ShellWrite } from './shell-writes.ts'

/** The file tools and the input field that names their file. */
export const FILE_TOOLS: Readonly<Record<string, string>> = {
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
}

/** One tool call, where it sits, and (for the shell) what its text says it writes. */
export interface Call {
  use: ToolUse
  /** Index of the assistant message that made it. */
  at: number
  shell?: ShellAnalysis
  /** For a shell command, the directory it started in (absolute), when known: the row's
   *  recorded cwd, else where the session's cwd and the earlier commands' `cd`s left the shell. */
  base?: string
}

export interface WrittenFile {
  path: string
  /** Calls per tool that wrote it (`Edit: 3`); the shell counts under `Bash`. */
  tools: Record<string, number>
  /** How the shell wrote it (`sed -i`, `>`, `mv`, `python`), in first-seen order. */
  shell: string[]
  /** File-tool calls on it and how many of them came back flagged as errors. */
  toolCalls: number
  failedToolCalls: number
  /** Relative paths the shell wrote that were folded into this one. */
  folded: string[]
  /** Paths an `mv` moved to this one, oldest first: gone under those names. */
  renamedFrom: string[]
  /** Message indices of its first and last write (a deletion counts). */
  first: number
  last: number
  /** How it was deleted (`rm`, `rm -r` of a folder above it) after its last write, by a command
   *  that succeeded. Not "gone": a later `git checkout` or a script may have brought it back. */
  deleted?: string
}

/** Collapses `./`, `//` and `a/..`; a trailing slash goes. `~` and `$` paths stay as written. */
export function normalizePath(p: string): string {
  const n = posix.normalize(p)
  return n.length > 1 ? n.replace(/\/+$/, '') : n
}

const isAbsolute = (p: string) => p.startsWith('/') || p.startsWith('~')

/**
 * A path the shell wrote, in the directory the command ran in: its own `cd` (`dir`) from where
 * it started (`base`). Relative as written when that directory is not known.
 */
export function resolveWrite(path: string, dir: ShellWrite['dir'], base: string | undefined): string {
  if (isAbsolute(path) || dir === null) return normalizePath(path)
  if (dir !== undefined && isAbsolute(dir)) return normalizePath(posix.join(dir, path))
  return normalizePath(base ? posix.join(base, dir ?? '', path) : posix.join(dir ?? '', path))
}

/** Where the shell is after a command, from where it started: its own last `cd`, if any. */
export function dirAfter(base: string | undefined, end: ShellWrite['dir']): string | undefined {
  if (end === undefined) return base
  if (end === null) return undefined
  if (isAbsolute(end)) return end.startsWith('~') ? undefined : normalizePath(end)
  return base ? normalizePath(posix.join(base, end)) : undefined
}

export function filesWritten(calls: Call[]): WrittenFile[] {
  const byPath = new Map<string, WrittenFile>()
  const entry = (path: string, at: number): WrittenFile => {
    let f = byPath.get(path)
    if (!f) {
      f = { path, tools: {}, shell: [], toolCalls: 0, failedToolCalls: 0, folded: [], renamedFrom: [], first: at, last: at }
      byPath.set(path, f)
    }
    f.first = Math.min(f.first, at)
    f.last = Math.max(f.last, at)
    return f
  }
  /** `mv from path`: what was written to `from` now lives at `path`. */
  const rename = (from: string, into: WrittenFile) => {
    const old = byPath.get(from)
    if (old && old !== into) {
      byPath.delete(from)
      merge(old, into)
    }
    if (!into.renamedFrom.includes(from)) into.renamedFrom.push(from)
  }

  for (const { use, at, shell, base } of calls) {
    const field = FILE_TOOLS[use.name]
    if (field !== undefined) {
      const raw = use.input[field]
      if (typeof raw !== 'string' || raw === '') continue
      const f = entry(normalizePath(raw), at)
      if (!isFailure(use)) delete f.deleted // written again after it was deleted
      f.tools[use.name] = (f.tools[use.name] ?? 0) + 1
      f.toolCalls++
      if (isFailure(use)) f.failedToolCalls++
    } else if (shell && shell.writes.length > 0) {
      // A file counts once per command, however many ways the command writes it.
      const seen = new Set<string>()
      for (const w of shell.writes) {
        const path = resolveWrite(w.path, w.dir, base)
        if (isDeletion(w)) {
          // A file written here and deleted since says so; one only deleted is listed too. `rm -r`
          // takes everything under the path with it. A command that failed may have stopped before
          // its `rm`, so it deletes nothing here.
          if (isFailure(use)) continue
          const gone = [...byPath.values()].filter((f) => f.path === path || (w.how === 'rm -r' && f.path.startsWith(`${path}/`)))
          if (gone.length === 0 && w.how === 'rm') gone.push(entry(path, at))
          for (const f of gone) {
            f.deleted = w.how
            f.last = Math.max(f.last, at)
          }
          continue
        }
        const f = entry(path, at)
        delete f.deleted // written again after it was deleted
        if (!seen.has(path)) f.tools[use.name] = (f.tools[use.name] ?? 0) + 1
        seen.add(path)
        if (!f.shell.includes(w.how)) f.shell.push(w.how)
        if (w.from !== undefined) {
          const from = resolveWrite(w.from, w.dir, base)
          rename(from, f)
          seen.delete(from) // written again after the move, it is a new file
        }
      }
    }
  }
  return foldRelative([...byPath.values()])
}

/** Adds everything `from` holds to `into`. */
function merge(from: WrittenFile, into: WrittenFile): void {
  // Tools and mechanisms stay in the order they were first used: the Write, then the `mv`.
  const [older, newer] = from.first <= into.first ? [from, into] : [into, from]
  const tools: Record<string, number> = { ...older.tools }
  for (const [tool, n] of Object.entries(newer.tools)) tools[tool] = (tools[tool] ?? 0) + n
  into.tools = tools
  into.shell = [...new Set([...older.shell, ...newer.shell])]
  into.toolCalls += from.toolCalls
  into.failedToolCalls += from.failedToolCalls
  into.folded.push(...from.folded)
  for (const r of from.renamedFrom) if (!into.renamedFrom.includes(r)) into.renamedFrom.push(r)
  into.first = Math.min(into.first, from.first)
  into.last = Math.max(into.last, from.last)
}

/** Every call that named it as a file tool came back as an error, and the shell never wrote it. */
export const neverWritten = (f: WrittenFile) => f.toolCalls > 0 && f.failedToolCalls === f.toolCalls && !f.tools.Bash

/**
 * Folds each relative path into the one absolute path a file tool named that it is the tail of
 * (`lib/a.ex` into `/repo/lib/a.ex`); with none or several such paths it stays as written.
 */
export function foldRelative(files: WrittenFile[]): WrittenFile[] {
  // Every tail of every named path (`lib/a.ex`, `a.ex` for `/repo/lib/a.ex`) → the paths it ends,
  // so each relative path is one lookup rather than a scan of every named path.
  const byTail = new Map<string, WrittenFile[]>()
  for (const f of files) {
    if (f.toolCalls === 0 || !f.path.startsWith('/')) continue
    for (let at = f.path.indexOf('/', 1); at >= 0; at = f.path.indexOf('/', at + 1)) {
      const tail = f.path.slice(at + 1)
      const list = byTail.get(tail)
      if (!list) byTail.set(tail, [f])
      else if (list.length < 2) list.push(f) // two already make it ambiguous
    }
    const whole = f.path.slice(1)
    const list = byTail.get(whole)
    if (!list) byTail.set(whole, [f])
    else if (list.length < 2 && !list.includes(f)) list.push(f)
  }
  const out: WrittenFile[] = []
  const folds: Array<{ from: WrittenFile; into: WrittenFile }> = []
  for (const f of files) {
    if (isAbsolute(f.path) || f.path.startsWith('$') || f.path.startsWith('..')) {
      out.push(f)
      continue
    }
    const matches = byTail.get(f.path) ?? []
    if (matches.length === 1) folds.push({ from: f, into: matches[0]! })
    else out.push(f)
  }
  for (const { from, into } of folds) {
    merge(from, into)
    into.folded.push(from.path)
  }
  return out
}
