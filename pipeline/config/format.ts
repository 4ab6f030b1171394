/**
 * How a config issue reads: `file:line:col  message`, a code frame, then an optional hint. Also
 * the error that carries every issue at once, and the "did you mean" used for keys and sections.
 */
import { isAbsolute, relative } from 'node:path'
import { codeFrame } from './lazy.ts'
import { closest, distance } from 'fastest-levenshtein'
import { HandoffError } from '../codes.ts'

export interface ConfigIssue {
  file: string
  /** 1-based; 0 when the issue is about the whole file (e.g. it cannot be read). */
  line: number
  col: number
  message: string
  /** The source around line:col, uncoloured; '' when there is no source to show. */
  frame: string
  /** A line printed after the frame: the setting's description, the keys allowed there, ... */
  hint?: string
}

export interface FormatOptions {
  /** Paths inside this folder print relative to it (goldens, the CLI's cwd). */
  relativeTo?: string
  color?: boolean
}

/** The code frame for a place in `text`; `end` underlines a range on the same line. */
export function frameAt(text: string, start: { line: number; col: number }, end?: { line: number; col: number }): string {
  const loc = {
    start: { line: start.line, column: start.col },
    ...(end && end.line === start.line && end.col > start.col ? { end: { line: end.line, column: end.col } } : {}),
  }
  return codeFrame().codeFrameColumns(text, loc, { highlightCode: false, linesAbove: 2, linesBelow: 1 })
}

const paint = (on: boolean | undefined, code: string, s: string): string => (on ? `\u001b[${code}m${s}\u001b[0m` : s)

function shownPath(file: string, relativeTo: string | undefined): string {
  if (!relativeTo) return file
  const rel = relative(relativeTo, file)
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file
}

export function formatIssue(issue: ConfigIssue, opts: FormatOptions = {}): string {
  const place = issue.line > 0 ? `${shownPath(issue.file, opts.relativeTo)}:${issue.line}:${issue.col}` : shownPath(issue.file, opts.relativeTo)
  const lines = [`${paint(opts.color, '1', place)}  ${paint(opts.color, '31', issue.message)}`]
  if (issue.frame) {
    const frame = opts.color
      ? issue.frame
          .replace(/^>/gm, paint(true, '31;1', '>'))
          .replace(/^( +\| +)(\^+)$/gm, (_, gutter: string, marks: string) => gutter + paint(true, '31;1', marks))
      : issue.frame
    lines.push(frame)
  }
  if (issue.hint) lines.push(...issue.hint.split('\n').map((l) => `  = ${l}`))
  return lines.join('\n')
}

export function formatIssues(issues: readonly ConfigIssue[], opts: FormatOptions = {}): string {
  return issues.map((i) => formatIssue(i, opts)).join('\n\n')
}

/** The issues, then one summary line: what the CLI prints and what ConfigError's message holds. */
export function formatReport(issues: readonly ConfigIssue[], opts: FormatOptions = {}): string {
  const n = issues.length
  return `${formatIssues(issues, opts)}\n\n${n} ${n === 1 ? 'issue' : 'issues'} in the pipeline config`
}

/** Every issue of every config file at once; the CLI prints `message` and exits non-zero. */
export class ConfigError extends HandoffError {
  readonly issues: readonly ConfigIssue[]
  constructor(issues: readonly ConfigIssue[]) {
    super('CONFIG_INVALID', formatReport(issues, { relativeTo: process.cwd() }))
    this.name = 'ConfigError'
    this.issues = issues
  }
}

/**
 * The nearest candidate when it is close enough to be a likely typo (about one edit in three
 * characters), else undefined: suggesting "restore" for "state" helps nobody.
 */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates]
  if (list.length === 0) return undefined
  const best = closest(name, list)
  return distance(name, best) <= Math.max(1, Math.floor(Math.max(name.length, best.length) / 3)) ? best : undefined
}

/** A config value as a message quotes it: strings quoted and cut short, containers named. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  if (value !== null && typeof value === 'object') return 'a mapping'
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)
  return String(value)
}
