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
  /** The newest full text the transcript holds for it: a Write's content or a Read's result. */
  stored?: { text: string; from: 'read' | 'write'; partial: boolean }
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

/** Every file a file tool touched, newest touch last, with the newest stored text for each. */
export function fileTouches(t: Transcript): Map<string, Touch> {
  const touches = new Map<string, Touch>()
  for (const m of t.messages) {
    for (const u of m.toolUses) {
      const key = FILE_TOOLS[u.name]
      const path = key ? u.input[key] : undefined
      if (typeof path !== 'string' || path === '') continue
      const touch = touches.get(path) ?? { path, last: m.index }
      touch.last = m.index
      if (u.name === 'Write' && typeof u.input.content === 'string') {
        touch.stored = { text: u.input.content, from: 'write', partial: false }
      } else if (u.name === 'Read' && u.result && !u.result.isError && u.result.text) {
        const partial = u.input.offset !== undefined || u.input.limit !== undefined
        touch.stored = { text: u.result.text, from: 'read', partial }
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
