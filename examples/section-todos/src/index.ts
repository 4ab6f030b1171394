/**
 * compact-handoff-section-todos: the open TODO and FIXME lines in the files the session wrote,
 * read from disk as they stand at compaction, so the next window knows what was left marked
 * undone. Reads only under the run's read policy (the session's project, never a secret).
 */
import { defineSection, fileTouches, readBounded, readPolicy } from 'compact-handoff/section'

export interface TodosOptions {
  /** The words that mark a line, matched as whole words. */
  markers: string[]
  /** The most files looked at, the most recently written first. */
  maxFiles: number
}

const WRITE_TOOLS = ['Write', 'Edit', 'MultiEdit', 'NotebookEdit']
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export default defineSection<TodosOptions>({
  name: 'todos',
  title: 'Open TODOs in files written',
  description: 'TODO and FIXME lines in the files the session wrote, as they stand at compaction',
  defaults: { timeoutMs: 3000, budgetChars: 2000, priority: 30, options: { markers: ['TODO', 'FIXME'], maxFiles: 20 } },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      markers: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1, description: 'The words that mark a line.' },
      maxFiles: { type: 'integer', minimum: 1, description: 'The most files looked at, newest written first.' },
    },
  },
  async run(ctx) {
    const { markers, maxFiles } = ctx.options
    const written = [...fileTouches(ctx.input.transcript).values()]
      .filter((touch) => WRITE_TOOLS.some((tool) => (touch.ops[tool] ?? 0) > 0))
      .sort((a, b) => b.last - a.last)
      .slice(0, maxFiles)
    // Nothing written: returning nothing drops the section as SECTION_EMPTY, which is the truth.
    if (written.length === 0) return null

    const policy = readPolicy(ctx.input.cwd)
    const marker = new RegExp(`\\b(${markers.map(escape).join('|')})\\b`)
    const found: string[] = []
    for (const touch of written) {
      // A file far larger than the budget would not fit anyway: read no more than 20 budgets of it.
      const read = await readBounded(touch.path, policy, { maxChars: ctx.budgetChars * 20, signal: ctx.signal })
      if (!read.ok) {
        ctx.report.note(`${touch.path}: ${read.reason}`)
        continue
      }
      const shown = touch.path.startsWith(`${ctx.input.cwd}/`) ? touch.path.slice(ctx.input.cwd.length + 1) : touch.path
      read.text.split('\n').forEach((line, i) => {
        if (marker.test(line)) found.push(`${shown}:${read.firstLine + i}  ${line.trim()}`)
      })
    }
    if (found.length === 0) return null

    // Over budget is dropped whole (SECTION_OVER_BUDGET): keep what fits and say how much was left.
    const room = ctx.budgetChars - 40
    const kept: string[] = []
    let chars = 0
    for (const line of found) {
      if (chars + line.length + 1 > room) break
      kept.push(line)
      chars += line.length + 1
    }
    const more = found.length - kept.length
    return {
      body: kept.join('\n') + (more > 0 ? `\n… and ${more} more` : ''),
      record: { files: written.length, lines: found.length, shown: kept.length },
    }
  },
})
