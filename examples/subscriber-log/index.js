// @ts-check
/**
 * compact-handoff-subscriber-log: a `plugins:` subscriber that appends one JSON line per
 * compaction to a log file: when it began, its trigger and size, and how it ended (the summary
 * line, the sections kept and dropped). It only observes: it taps beforeCompact, sectionDropped
 * and done, and whatever it does there cannot change the handoff.
 */
import { appendFile, mkdir } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, isAbsolute, join } from 'node:path'

/** @type {import('compact-handoff/pipeline').Subscriber} */
export default {
  name: 'subscriber-log',
  apply(hooks, options) {
    // Absolute only: the pipeline may run from any working directory (the engine's, or a CLI's).
    const file = options.file ?? join(homedir(), '.claude', 'compact-handoff', 'subscriber-log.jsonl')
    if (typeof file !== 'string' || !isAbsolute(file)) throw new Error(`options.file must be an absolute path (got ${JSON.stringify(file)})`)

    /** @type {Record<string, unknown>} */
    let line = {}
    /** @type {Array<{ name: string, code: string }>} */
    const dropped = []
    hooks.beforeCompact.tap('subscriber-log', (event) => {
      line = { at: new Date().toISOString(), sessionId: event.sessionId, trigger: event.trigger, messages: event.messageCount }
    })
    hooks.sectionDropped.tap('subscriber-log', (outcome) => {
      dropped.push({ name: outcome.name, code: outcome.code })
    })
    hooks.done.tapPromise('subscriber-log', async (result) => {
      const kept = result.sections.filter((s) => s.status === 'ok').map((s) => s.name)
      const entry = { ...line, summary: result.summaryLine, chars: result.totalChars, kept, dropped, ms: result.ms }
      await mkdir(dirname(file), { recursive: true, mode: 0o700 })
      // The line names the session and its sections: readable by its owner only, like the store.
      await appendFile(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 })
    })
  },
}
