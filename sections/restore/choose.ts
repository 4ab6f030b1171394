/**
 * Which files come back: the summary's `<restore-files>` choice, checked against what the
 * session actually touched, or (when nothing usable was named) the most recently touched files.
 * This module only refuses; it never adds a file the summary did not name, except by recency.
 */
import { existsSync } from 'node:fs'
import { basename } from 'node:path'
import { ENGINE_ATTACHED, fileTouches, type Message, type Touch, type Transcript } from '../../pipeline/index.ts'

export type Range = 'all' | { from: number; to: number }

export interface Requested {
  path: string
  range: Range
  reason: string
}

export interface Refusal {
  path: string
  why: string
  /** Worth saying in the handoff: the read policy refused the file, or it is gone. (Named twice,
   *  past the cap, re-attached by the engine: bookkeeping, in the record only.) */
  told?: true
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
  opts: {
    maxFiles: number
    sameMachine: boolean
    exists?: (path: string) => boolean
    /** The read policy's answer for a path (and the transcript's copy of it): a reason, or null. */
    refuse?: (path: string, stored: string | undefined) => string | null
    /** How the session deleted a file after its last write (`rm`, the ledger's reading of its
     *  shell commands), if it did: away from the session's machine its stored copy is then stale. */
    deletedBy?: (path: string) => string | undefined
  },
): Choice {
  const exists = opts.exists ?? existsSync
  const touches = fileTouches(t)
  const words = shellWords(t.messages)
  // On the session's machine the disk says whether a file is there; elsewhere the transcript's copy
  // stands in, unless the session deleted the file after it.
  const usable = (path: string, touch: Touch | undefined) => exists(path) || (!opts.sameMachine && !!touch?.stored && !opts.deletedBy?.(path))
  const policyRefusal = (path: string) => opts.refuse?.(path, touches.get(path)?.stored?.text) ?? null
  const refused: Refusal[] = []
  const files: Requested[] = []
  const seen = new Set<string>()
  let policyWhy: string | null
  for (const r of requested ?? []) {
    const touch = touches.get(r.path)
    if (seen.has(r.path)) refused.push({ path: r.path, why: 'named twice' })
    else if (ENGINE_ATTACHED.has(basename(r.path))) refused.push({ path: r.path, why: `${basename(r.path)} is re-attached by the engine itself` })
    else if (!touch && !namedByShell(r.path, words)) refused.push({ path: r.path, why: 'the session never read or wrote it' })
    else if ((policyWhy = policyRefusal(r.path)) !== null) refused.push({ path: r.path, why: policyWhy, told: true })
    else if (files.length >= opts.maxFiles) refused.push({ path: r.path, why: `past the cap of ${opts.maxFiles} files (maxFiles)` })
    else if (!usable(r.path, touch)) {
      const deleted = opts.sameMachine ? undefined : opts.deletedBy?.(r.path)
      const why = opts.sameMachine ? 'no longer on disk' : deleted ? `the session deleted it (${deleted})` : 'neither on disk nor in the transcript'
      refused.push({ path: r.path, why, told: true })
    } else files.push(r)
    seen.add(r.path)
  }
  if (files.length > 0) return { source: 'summary', files, refused }

  // Recency: file-tool touches only (a shell word is too weak a signal to pick a file by).
  const recent: Requested[] = []
  for (const touch of [...touches.values()].reverse()) {
    if (recent.length >= opts.maxFiles) break
    if (ENGINE_ATTACHED.has(basename(touch.path)) || !usable(touch.path, touch)) continue
    const why = policyRefusal(touch.path)
    if (why !== null) refused.push({ path: touch.path, why, told: true })
    else recent.push({ path: touch.path, range: 'all', reason: 'recently touched' })
  }
  return { source: 'recency', files: recent, refused }
}
