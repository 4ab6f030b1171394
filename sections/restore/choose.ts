/**
 * Which files come back: the summary's `<restore-files>` choice, checked against what the
 * session actually touched, or (when nothing usable was named) the most recently touched files.
 * This module only refuses; it never adds a file the summary did not name, except by recency.
 */
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import type { Message, Transcript } from '../../pipeline/index.ts'

export type Range = 'all' | { from: number; to: number }

export interface Requested {
  path: string
  range: Range
  reason: string
}

export interface Refusal {
  path: string
  why: string
}

/** What the transcript knows about one file. */
export interface Touch {
  path: string
  /** Index of the newest message that touched it through a file tool. */
  last: number
  /** The file's text as the transcript last knew it: a Write's content or a whole-file Read,
   *  with every later Edit replayed on it. Absent when no such copy can be trusted. */
  stored?: { text: string; from: 'read' | 'write' }
}

const FILE_TOOLS: Record<string, string> = {
  Read: 'file_path',
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
}

/** Files the engine re-attaches on its own after a compaction: restoring them doubles them. */
const ENGINE_ATTACHED = new Set(['CLAUDE.md', 'AGENTS.md', 'CLAUDE.local.md'])

/** A Read result's text without the tool's line numbers ("     1\t…") and trailing reminders. */
export function readText(result: string): string {
  const body = result.replace(/\n*<system-reminder>[\s\S]*?<\/system-reminder>\s*$/, '')
  return body
    .split('\n')
    .map((line) => line.replace(/^\s*\d+[\t→]/, ''))
    .join('\n')
}

type Edit = { old_string?: unknown; new_string?: unknown; replace_all?: unknown }

/** Replays an Edit on a stored copy; null when the copy does not hold what the Edit replaced. */
function replay(text: string, edits: Edit[]): string | null {
  for (const e of edits) {
    if (typeof e.old_string !== 'string' || typeof e.new_string !== 'string' || !text.includes(e.old_string)) return null
    text = e.replace_all === true ? text.split(e.old_string).join(e.new_string) : text.replace(e.old_string, () => e.new_string as string)
  }
  return text
}

/**
 * Every file a file tool touched, newest touch last, with the newest stored text for each: a
 * Write's content or a whole-file Read, carried forward through later Edits. A copy an Edit
 * cannot be replayed on, or a partial Read, is not kept: stale text must not pass as the file.
 */
export function fileTouches(t: Transcript): Map<string, Touch> {
  const touches = new Map<string, Touch>()
  for (const m of t.messages) {
    for (const u of m.toolUses) {
      const key = FILE_TOOLS[u.name]
      const path = key ? u.input[key] : undefined
      if (typeof path !== 'string' || path === '') continue
      const touch = touches.get(path) ?? { path, last: m.index }
      touch.last = m.index
      const failed = u.result?.isError === true
      if (u.name === 'Write' && typeof u.input.content === 'string' && !failed) {
        touch.stored = { text: u.input.content, from: 'write' }
      } else if (u.name === 'Read' && u.result && !failed && u.result.text) {
        const whole = u.input.offset === undefined && u.input.limit === undefined
        if (whole) touch.stored = { text: readText(u.result.text), from: 'read' }
      } else if ((u.name === 'Edit' || u.name === 'MultiEdit') && !failed) {
        const edits = u.name === 'Edit' ? [u.input as Edit] : Array.isArray(u.input.edits) ? (u.input.edits as Edit[]) : []
        const text = touch.stored ? replay(touch.stored.text, edits) : null
        if (text === null) delete touch.stored
        else touch.stored = { text, from: touch.stored!.from }
      } else if (u.name === 'NotebookEdit') {
        delete touch.stored
      }
      // Re-inserting keeps the map ordered by most recent touch.
      touches.delete(path)
      touches.set(path, touch)
    }
  }
  return touches
}

/** Words of every shell command, for "a file a shell command named counts". */
export function shellWords(messages: Message[]): Set<string> {
  const words = new Set<string>()
  for (const m of messages) {
    for (const u of m.toolUses) {
      if (u.name !== 'Bash' || typeof u.input.command !== 'string') continue
      for (const w of u.input.command.split(/[\s;|&<>()'"`=]+/)) if (w.length > 1) words.add(w.replace(/^\.\//, ''))
    }
  }
  return words
}

/** A command's word names `path` when it is the path or the path's tail after a slash. */
function namedByShell(path: string, words: Set<string>): boolean {
  if (words.has(path)) return true
  for (const w of words) if (w.includes('/') || w.includes('.')) if (path.endsWith('/' + w)) return true
  return false
}

export interface Choice {
  source: 'summary' | 'recency'
  files: Requested[]
  refused: Refusal[]
}

export function choose(
  requested: Requested[] | undefined,
  t: Transcript,
  opts: { maxFiles: number; sameMachine: boolean; exists?: (path: string) => boolean },
): Choice {
  const exists = opts.exists ?? existsSync
  const touches = fileTouches(t)
  const words = shellWords(t.messages)
  const usable = (path: string, touch: Touch | undefined) => exists(path) || (!opts.sameMachine && !!touch?.stored)
  const refused: Refusal[] = []
  const files: Requested[] = []
  const seen = new Set<string>()
  for (const r of requested ?? []) {
    const touch = touches.get(r.path)
    if (seen.has(r.path)) refused.push({ path: r.path, why: 'named twice' })
    else if (ENGINE_ATTACHED.has(basename(r.path))) refused.push({ path: r.path, why: `${basename(r.path)} is re-attached by the engine itself` })
    else if (!touch && !namedByShell(r.path, words)) refused.push({ path: r.path, why: 'the session never read or wrote it' })
    else if (files.length >= opts.maxFiles) refused.push({ path: r.path, why: `past the cap of ${opts.maxFiles} files (maxFiles)` })
    else if (!usable(r.path, touch)) refused.push({ path: r.path, why: opts.sameMachine ? 'no longer on disk' : 'neither on disk nor in the transcript' })
    else files.push(r)
    seen.add(r.path)
  }
  if (files.length > 0) return { source: 'summary', files, refused }

  // Recency: file-tool touches only (a shell word is too weak a signal to pick a file by).
  const recent = [...touches.values()]
    .reverse()
    .filter((t) => !ENGINE_ATTACHED.has(basename(t.path)) && usable(t.path, t))
    .slice(0, opts.maxFiles)
    .map((t): Requested => ({ path: t.path, range: 'all', reason: 'recently touched' }))
  return { source: 'recency', files: recent, refused }
}
