/**
 * What the next window receives under each arm of the quality bench, as text. The engine's own
 * arms are approximated from the transcript; ours is whatever the pipeline hands up (the handoff
 * and its Read results), so the bench measures the real composition, not a model of it.
 */
import { basename } from 'node:path'
import { ENGINE_ATTACHED, readText, type Transcript } from '../../pipeline/index.ts'
import type { HandoffResult } from '../../pipeline/types.ts'
import { renderConversation } from '../../pipeline/index.ts'
import { filePath } from './needed.ts'

type Edit = { old_string?: unknown; new_string?: unknown; replace_all?: unknown }

function applyEdits(text: string, edits: Edit[]): string {
  for (const e of edits) {
    if (typeof e.old_string !== 'string' || typeof e.new_string !== 'string') continue
    text = e.replace_all === true ? text.split(e.old_string).join(e.new_string) : text.replace(e.old_string, () => e.new_string as string)
  }
  return text
}

/**
 * The stock arm's restore, approximated: the `count` most recently touched files with the text
 * the session last saw of each (a Write's content, a Read's result — partial or whole — with later
 * Edits applied), `chars` characters each. The engine re-reads them from disk; the transcript's
 * last view is the nearest stand-in the bench has.
 */
export function stockRestore(t: Transcript, opts: { count: number; chars: number }): Array<{ path: string; text: string }> {
  const seen = new Map<string, string | undefined>()
  for (const m of t.messages) {
    for (const u of m.toolUses) {
      const path = filePath(u)
      if (!path || u.result?.isError) continue
      let text = seen.get(path)
      if (u.name === 'Write' && typeof u.input.content === 'string') text = u.input.content
      // The Read tool's line numbers are taken off, so a later Edit applies to the text as it was.
      else if (u.name === 'Read' && u.result?.text) text = readText(u.result.text)
      else if (u.name === 'Edit' && text !== undefined) text = applyEdits(text, [u.input as Edit])
      else if (u.name === 'MultiEdit' && text !== undefined && Array.isArray(u.input.edits)) text = applyEdits(text, u.input.edits as Edit[])
      seen.delete(path)
      seen.set(path, text)
    }
  }
  return [...seen.entries()]
    .reverse()
    .filter(([path, text]) => text !== undefined && !ENGINE_ATTACHED.has(basename(path)))
    .slice(0, opts.count)
    .map(([path, text]) => ({ path, text: text!.slice(0, opts.chars) }))
}

/** The stock arm: the engine's summary, then each restored file under its path. */
export function stockWindow(summary: string, files: Array<{ path: string; text: string }>): string {
  return [summary, ...files.map((f) => `Read ${f.path}\n${f.text}`)].join('\n\n')
}

/** Our arm: the handoff text, then every message it hands up (restored Read calls and results). */
export function handoffWindow(result: Pick<HandoffResult, 'handoff' | 'messages'>): string {
  const parts = [result.handoff]
  for (const m of result.messages) {
    if (m.text) parts.push(m.text)
    for (const u of m.toolUses ?? []) parts.push(`${u.name} ${JSON.stringify(u.input)}`)
    for (const r of m.toolResults ?? []) parts.push(r.text)
  }
  return parts.join('\n\n')
}

/**
 * The masking baseline: no selection at all, just the newest conversation — the person's words
 * and the assistant's text and calls verbatim, each result cut to its first `resultChars` — as
 * much as fits in `chars`.
 */
export function maskingWindow(t: Transcript, chars: number, resultChars = 200): string {
  return renderConversation(t, { maxChars: chars, toolInputChars: 4_000, toolResultChars: resultChars }).text
}
