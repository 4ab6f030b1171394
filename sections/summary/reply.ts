/**
 * What the summary section does to a model's reply before it is handed up: drop a scratchpad
 * `<analysis>` block and the `<summary>` wrapper tags (counting what was dropped), lift out the
 * `<restore-files>` block as data, and fit the rest into the budget.
 */
import { fmt } from '../../pipeline/index.ts'

export interface RestoreFile {
  /** Absolute, as the model wrote it. */
  path: string
  range: 'all' | { from: number; to: number }
  reason: string
}

export interface CleanedReply {
  body: string
  /** Characters of closed `<analysis>` blocks (and of an unclosed one a summary followed). */
  analysisChars: number
  /** An `<analysis>` the model never closed and no summary followed: kept, since it is all there is. */
  analysisUnclosed: boolean
  /** Characters of the `<summary>` / `</summary>` tags removed. */
  wrapperChars: number
  restoreBlock: 'present' | 'unclosed' | 'missing'
  restoreFiles: RestoreFile[]
  restoreRejected: Array<{ line: string; why: string }>
}

export const MAX_RESTORE_FILES = 5

const ANALYSIS_CLOSED = /<analysis>[\s\S]*?<\/analysis>/g
const RESTORE_BLOCK = /<restore-files>([\s\S]*?)(<\/restore-files>|$)/g

function parseRange(field: string): RestoreFile['range'] | null {
  const f = field.trim().toLowerCase()
  if (f === 'all' || f === '') return 'all'
  const m = /^(\d+)\s*(?:[-–]\s*(\d+))?$/.exec(f)
  if (!m) return null
  const from = Number(m[1])
  const to = m[2] === undefined ? from : Number(m[2])
  return from >= 1 && to >= from ? { from, to } : null
}

const isAbsolute = (p: string) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p)

/** The lines of a `<restore-files>` block: `<absolute path> | all or <from>-<to> | <reason>`. */
export function parseRestoreLines(block: string): { files: RestoreFile[]; rejected: Array<{ line: string; why: string }> } {
  const files: RestoreFile[] = []
  const rejected: Array<{ line: string; why: string }> = []
  for (const raw of block.split('\n')) {
    const line = raw.trim()
    if (line === '') continue
    const [rawPath = '', rawRange = '', ...rest] = line.replace(/^[-*]\s+/, '').split('|')
    const path = rawPath.trim().replace(/^`|`$/g, '')
    const range = parseRange(rawRange)
    const why = !isAbsolute(path)
      ? 'not an absolute path'
      : range === null
        ? `range "${rawRange.trim()}" is neither "all" nor "from-to"`
        : files.some((f) => f.path === path)
          ? 'named twice'
          : files.length >= MAX_RESTORE_FILES
            ? `past the cap of ${MAX_RESTORE_FILES} files`
            : null
    if (why) rejected.push({ line, why })
    else files.push({ path, range: range!, reason: rest.join('|').trim() })
  }
  return { files, rejected }
}

export function cleanReply(reply: string): CleanedReply {
  let text = reply
  let analysisChars = 0
  text = text.replace(ANALYSIS_CLOSED, (m) => {
    analysisChars += m.length
    return ''
  })

  // An <analysis> never closed: a scratchpad cut short. It goes only when a summary follows it;
  // otherwise it is the whole answer there is, and it stays.
  let analysisUnclosed = false
  const open = text.indexOf('<analysis>')
  if (open >= 0) {
    const summaryAt = text.indexOf('<summary>', open)
    if (summaryAt >= 0) {
      analysisChars += summaryAt - open
      text = text.slice(0, open) + text.slice(summaryAt)
    } else analysisUnclosed = true
  }

  // The last block wins (a model may draft one and then write the real one); all are lifted out.
  let restoreBlock: CleanedReply['restoreBlock'] = 'missing'
  let lastBlock = ''
  text = text.replace(RESTORE_BLOCK, (_m, inner: string, close: string) => {
    lastBlock = inner
    restoreBlock = close ? 'present' : 'unclosed'
    return ''
  })
  const { files, rejected } = restoreBlock === 'missing' ? { files: [], rejected: [] } : parseRestoreLines(lastBlock)

  let wrapperChars = 0
  text = text.replace(/<\/?summary>/g, (m) => {
    wrapperChars += m.length
    return ''
  })

  // A heading left dangling by the lifted block ("## Files to reopen" with nothing under it).
  const body = demoteHeadings(
    text
      .replace(/\n#+ *Files to reopen\s*$/i, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
  )
  return { body, analysisChars, analysisUnclosed, wrapperChars, restoreBlock, restoreFiles: files, restoreRejected: rejected }
}

/**
 * Headings of level 1 or 2 become level 3: the handoff puts each section under a level-2
 * heading, and the summary's own parts belong under it. Fenced code is left as it is.
 */
export function demoteHeadings(body: string): string {
  let fenced = false
  return body
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
      return !fenced && /^#{1,2} /.test(line) ? line.replace(/^#{1,2} /, '### ') : line
    })
    .join('\n')
}

/** Cuts `body` at a line boundary to fit `budget`, saying how much was cut. */
export function fitBody(body: string, budget: number): { body: string; cutChars: number } {
  if (body.length <= budget) return { body, cutChars: 0 }
  const note = (n: number) => `\n\n[… the summary's last ${fmt(n)} chars were cut to fit budgetChars: ${fmt(budget)}]`
  const room = Math.max(0, budget - note(body.length).length)
  let end = body.lastIndexOf('\n', room)
  if (end <= 0) end = room
  const kept = body.slice(0, end).trimEnd()
  return { body: kept + note(body.length - kept.length), cutChars: body.length - kept.length }
}
