/**
 * `restore`: up to five files the next window should have open, re-read as the handoff is
 * written (through the engine's real Read tool when the engine is the host) and handed up as
 * real Read tool_use/tool_result pairs after the handoff, not as a narration of one.
 */
import { existsSync } from 'node:fs'
import { extname } from 'node:path'
import { defineSection, fmt, numberLines, SectionDropError, type HandoffMessage, type SectionContext } from '../../pipeline/index.ts'
import { choose, fileTouches, type Range, type Requested } from './choose.ts'

interface RestoreOptions extends Record<string, unknown> {
  maxFiles: number
  fileChars: number
  totalChars: number
  readTimeoutMs: number
}

/** Kinds the Read tool hands back as something other than text. */
const NOT_TEXT: Record<string, string> = {
  '.png': 'an image', '.jpg': 'an image', '.jpeg': 'an image', '.gif': 'an image', '.webp': 'an image',
  '.bmp': 'an image', '.ico': 'an image', '.svgz': 'an image', '.pdf': 'a PDF', '.ipynb': 'a notebook',
}

export interface RestoredFile {
  path: string
  range: Range
  reason: string
  source: 'read' | 'stored'
  lines: number
  chars: number
  approxTokens: number
  clippedChars: number
  ms: number
  note?: string
}

const rangeInput = (range: Range) => (range === 'all' ? {} : { offset: range.from, limit: range.to - range.from + 1 })

function clip(text: string, max: number): { text: string; clipped: number } {
  if (text.length <= max) return { text, clipped: 0 }
  const cut = text.lastIndexOf('\n', max - 80)
  const head = text.slice(0, cut > max / 2 ? cut : max - 80)
  const clipped = text.length - head.length
  return { text: `${head}\n[… ${fmt(clipped)} more chars not restored (fileChars: ${max}); Read the file for the rest]`, clipped }
}

/** One file: the host's read, bounded in time; on failure, the transcript's own copy. */
async function readOne(ctx: SectionContext<RestoreOptions>, file: Requested, stored: string | undefined) {
  const started = ctx.capabilities.now()
  const kind = NOT_TEXT[extname(file.path).toLowerCase()]
  if (kind) return { failed: `${kind}: only text comes back through a restore` }
  let why = 'the host offers no file reads'
  if (ctx.capabilities.files) {
    // A ref'd timer rather than AbortSignal.timeout(): that one does not keep Node alive, and a
    // read that hangs must still end in a fallback, not in a process that quietly exits.
    const timer = new AbortController()
    const t = setTimeout(() => timer.abort(new Error('read timeout')), ctx.options.readTimeoutMs)
    const signal = AbortSignal.any([ctx.signal, timer.signal])
    try {
      // Raced against the signal too: a host that ignores it must not hold the section.
      const stopped = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
      stopped.catch(() => {}) // it fires again when the section settles; nobody is waiting by then
      const answer = await Promise.race([ctx.capabilities.files.read({ path: file.path, ...rangeInput(file.range) }, signal), stopped])
      if (answer.ok) return { text: answer.text, source: 'read' as const, ms: ctx.capabilities.now() - started }
      why = answer.reason
    } catch (err) {
      why = timer.signal.aborted ? `no answer within ${fmt(ctx.options.readTimeoutMs)} ms (readTimeoutMs)` : (err as Error).message
    } finally {
      clearTimeout(t)
    }
    if (ctx.signal.aborted) return { failed: 'the section was stopped' }
  }
  if (stored !== undefined) {
    // The stored copy is the file's text: shown, like a real Read, numbered and in the range asked.
    const range = rangeInput(file.range)
    // Said in the result itself: the next window must not take an old copy for the file as it is.
    const label = `[compact-handoff: the file could not be read now (${why}); below is the transcript's last copy of it, which may be out of date]\n`
    return { text: label + numberLines(stored, range.offset, range.limit ?? Number.MAX_SAFE_INTEGER), source: 'stored' as const, ms: ctx.capabilities.now() - started, note: `read failed (${why}); the transcript's copy stands in` }
  }
  return { failed: `read failed: ${why}` }
}

export default defineSection<RestoreOptions>({
  name: 'restore',
  title: 'Files restored',
  description: 'Up to five files re-read when the handoff is written and handed up as Read results.',
  // Priority 40: a file can always be read again after the compaction; the other sections'
  // facts cannot be recovered as cheaply. Budget: the total file cap plus the section's list.
  defaults: {
    timeoutMs: 60_000,
    budgetChars: 102_000,
    priority: 40,
    options: { maxFiles: 5, fileChars: 20_000, totalChars: 100_000, readTimeoutMs: 20_000 },
  },
  needs: ['summary'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      maxFiles: { type: 'integer', minimum: 0, maximum: 20, description: 'the most files restored' },
      fileChars: { type: 'integer', minimum: 100, description: 'a file longer than this is clipped, and the clip is said' },
      totalChars: { type: 'integer', minimum: 100, description: 'a file that would take the restored total past this is left out' },
      readTimeoutMs: { type: 'integer', minimum: 1, description: 'a read slower than this falls back to the transcript\'s copy' },
    },
  },
  async run(ctx) {
    const { input, options } = ctx
    const summary = ctx.needed.summary
    const named = summary?.status === 'ok' ? (summary.record?.restoreFiles as Requested[] | undefined) : undefined
    // Same machine: the session's own files are here, so a file gone from disk is gone. A CLI
    // run over a transcript from elsewhere lets the transcript's copy stand in.
    const sameMachine = input.trigger !== 'cli' || existsSync(input.cwd)
    const choice = choose(named, input.transcript, { maxFiles: options.maxFiles, sameMachine })
    const touches = fileTouches(input.transcript)

    // Never past the section's own budget (which the runner keeps under the size guard), less room
    // for the list of files; whichever is lower governs, and a refusal names that one.
    const byBudget = Math.max(0, ctx.budgetChars - Math.min(2_000, Math.floor(ctx.budgetChars / 10)))
    const total = Math.min(options.totalChars, byBudget)
    const totalSetting = total === options.totalChars ? 'totalChars' : `budgetChars: ${ctx.budgetChars}, less room for the list`
    const restored: RestoredFile[] = []
    const failed: Array<{ path: string; why: string }> = []
    const messages: HandoffMessage[] = [{ role: 'assistant', text: '', toolUses: [] }, { role: 'user', text: '', toolResults: [] }]
    let used = 0
    const reads = await Promise.all(choice.files.map((f) => readOne(ctx, f, touches.get(f.path)?.stored?.text)))
    choice.files.forEach((file, i) => {
      const r = reads[i]!
      if ('failed' in r) return void failed.push({ path: file.path, why: r.failed! })
      const { text, clipped } = clip(r.text, options.fileChars)
      const cost = text.length + file.path.length + 40
      if (used + cost > total) return void failed.push({ path: file.path, why: `${fmt(text.length)} chars would take the restored total past ${fmt(total)} (${totalSetting})` })
      used += cost
      const id = `toolu_handoff_${String(input.lineage?.n ?? 0).padStart(3, '0')}_restore_${restored.length + 1}`
      messages[0]!.toolUses!.push({ id, name: 'Read', input: { file_path: file.path, ...rangeInput(file.range) } })
      messages[1]!.toolResults!.push({ toolUseId: id, text, isError: false })
      restored.push({
        path: file.path, range: file.range, reason: file.reason, source: r.source,
        lines: text.split('\n').length, chars: text.length, approxTokens: Math.ceil(text.length / 4),
        clippedChars: clipped, ms: r.ms, ...(r.note ? { note: r.note } : {}),
      })
    })
    for (const f of failed) ctx.report.note(`${f.path}: ${f.why}`)

    const record = {
      source: choice.source,
      requested: named?.length ?? 0,
      restored,
      refused: choice.refused,
      failed,
    }
    if (restored.length === 0) {
      const why =
        choice.files.length === 0
          ? `no file to restore (${record.requested} named, ${record.refused.length} refused, none touched and still available)`
          : `none of ${choice.files.length} file(s) could be restored (${failed.map((f) => f.why).join('; ')})`
      throw new SectionDropError('SECTION_EMPTY', why, record)
    }
    const rows = restored.map((f) => {
      const range = f.range === 'all' ? '' : ` lines ${f.range.from}–${f.range.to}`
      const how = f.source === 'stored' ? "; from the transcript's last copy, the file could not be read" : ''
      return `- ${f.path}${range} (${fmt(f.lines)} lines${f.clippedChars ? ', clipped' : ''}${how}) — ${f.reason}`
    })
    const picked = choice.source === 'summary' ? 'chosen by the summary' : 'the most recently touched'
    const fresh = restored.filter((f) => f.source === 'read').length
    const how =
      fresh === restored.length
        ? 're-read as this handoff was written'
        : fresh === 0
          ? "from the transcript's last copies (they could not be read now)"
          : `${fresh} re-read as this handoff was written, ${restored.length - fresh} from the transcript's last copy`
    return {
      body: [`${restored.length === 1 ? 'One file' : `${restored.length} files`}, ${picked}, ${how}; their contents follow as Read results:`, ...rows].join('\n'),
      messages,
      record,
    }
  },
})
