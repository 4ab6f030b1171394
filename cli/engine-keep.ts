/**
 * What a handoff keeps of the conversation it replaces: the last assistant message with text,
 * verbatim, as the engine's own compaction keeps it, and whatever follows it; moved back as far
 * as needed so that no tool_result is kept without the tool_use it answers.
 */
import type { EngineMessage } from './engine-protocol.ts'

export interface KeepPlan {
  /** Ascending indices into the engine's messages. */
  keep: number[]
  /** Why the range starts where it does, for the row. */
  why: 'last-assistant-text' | 'extended-for-tool-pairs' | 'pending-prompt' | 'nothing'
  /** tool_result ids kept whose tool_use is not in the conversation at all (dropped by the hook). */
  orphanResults: string[]
}

export function keepPlan(messages: readonly EngineMessage[], trigger?: string): KeepPlan {
  let start = -1
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.role === 'assistant' && m.text.trim() !== '') {
      start = i
      break
    }
  }
  let why: KeepPlan['why'] = 'last-assistant-text'
  if (start < 0) {
    // An automatic compaction carries the prompt that set it off as its last message; it must
    // survive even when no assistant text came before it.
    const last = messages.at(-1)
    if (trigger === 'auto' && last && last.role === 'user' && last.text.trim() !== '' && !last.toolResults?.length) {
      return { keep: [messages.length - 1], why: 'pending-prompt', orphanResults: [] }
    }
    return { keep: [], why: 'nothing', orphanResults: [] }
  }
  const orphanResults: string[] = []
  for (;;) {
    const uses = new Set<string>()
    const needed: string[] = []
    for (let i = start; i < messages.length; i++) {
      for (const u of messages[i]!.toolUses) uses.add(u.tool_use_id)
      for (const r of messages[i]!.toolResults ?? []) if (!uses.has(r.tool_use_id)) needed.push(r.tool_use_id)
    }
    const missing = needed.filter((id) => !orphanResults.includes(id))
    if (missing.length === 0) break
    let earliest = start
    for (const id of missing) {
      let found = -1
      for (let j = start - 1; j >= 0; j--) {
        if (messages[j]!.toolUses.some((u) => u.tool_use_id === id)) {
          found = j
          break
        }
      }
      if (found < 0) orphanResults.push(id)
      else earliest = Math.min(earliest, found)
    }
    if (earliest === start) continue // only orphans left; the loop ends on the next pass
    start = earliest
    why = 'extended-for-tool-pairs'
  }
  return { keep: Array.from({ length: messages.length - start }, (_, k) => start + k), why, orphanResults }
}
