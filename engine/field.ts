/**
 * What a compaction's row carries for the field records the hooks module keeps after it
 * (plugin/hooks/watch.ts): which files the handoff restored and which it only named, which
 * commands its ledger listed, and whether the summary's fork turned out cold.
 */
import { isAbsolute, join, relative } from 'node:path'
import { fileTouches } from '../pipeline/file-touches.ts'
import type { Transcript } from '../pipeline/transcript.ts'
import type { HandoffResult } from '../pipeline/types.ts'
import type { ApiUsage } from '../plugin/hooks/protocol.ts'

/** What the watch compares the next turns' calls against. Paths are absolute. */
export interface HandoffRefs {
  /** Files the restore section handed back as Read results. */
  restored: string[]
  /** Files the session touched that the handoff's text names, less the restored ones. */
  named: string[]
  /** Every shell command the ledger's record lists (its body shows the newest that fit). */
  commands: string[]
}

const recordOf = (result: HandoffResult, name: string) => result.sections.find((s) => s.name === name)?.record as Record<string, unknown> | undefined

/** The refs of one handoff: restored from restore's record, named by finding each touched file's
 *  path (absolute, or relative to the project) in the handoff's text, commands from the ledger's record. */
export function handoffRefs(result: HandoffResult, handoff: string, transcript: Transcript, cwd: string): HandoffRefs {
  const abs = (p: string) => (isAbsolute(p) ? p : join(cwd, p))
  const restore = result.sections.find((s) => s.name === 'restore')
  const restored =
    restore?.status === 'ok'
      ? ((recordOf(result, 'restore')?.restored as Array<{ path?: unknown }> | undefined) ?? []).flatMap((f) =>
          typeof f.path === 'string' ? [abs(f.path)] : [],
        )
      : []
  const ledger = recordOf(result, 'ledger')
  const candidates = new Set<string>([...fileTouches(transcript).keys()].map(abs))
  for (const f of (ledger?.files as Array<{ path?: unknown }> | undefined) ?? []) if (typeof f.path === 'string') candidates.add(abs(f.path))
  const named = [...candidates].filter((p) => {
    if (restored.includes(p)) return false
    const rel = relative(cwd, p)
    return handoff.includes(p) || (!rel.startsWith('..') && rel !== '' && handoff.includes(rel))
  })
  const commands = [
    ...new Set(
      ((ledger?.commands as Array<{ command?: unknown }> | undefined) ?? []).flatMap((c) => (typeof c.command === 'string' ? [c.command.trim()] : [])),
    ),
  ]
  return { restored: [...new Set(restored)], named: named.sort(), commands }
}

/** A fork whose input is under this share of the conversation did not carry the conversation. */
export const COLD_FORK_SHARE = 0.5

export interface ForkCheck {
  /** The fork's input: uncached, cache-read and cache-written tokens together. */
  inputTokens: number
  /** The conversation's size as the engine counted it before the compaction (or chars/4). */
  conversationTokens: number
  /** Its input under COLD_FORK_SHARE of the conversation: the fork saw something shorter (a
   *  compacted or truncated conversation), so the summary it wrote did not read the session. */
  cold: boolean
}

/** The summary's fork measured against the conversation; null when no fork answered with usage. */
export function forkCheck(calls: ReadonlyArray<{ answeredBy: string | null; usage: ApiUsage | null }>, conversationTokens: number): ForkCheck | null {
  const fork = calls.find((c) => c.answeredBy === 'fork' && c.usage)
  if (!fork?.usage || conversationTokens <= 0) return null
  const u = fork.usage
  const inputTokens = u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens
  return { inputTokens, conversationTokens, cold: inputTokens < COLD_FORK_SHARE * conversationTokens }
}
