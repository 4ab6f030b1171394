/**
 * One shell command in, the files its text says it writes out: redirections, the writing
 * commands, and the inline scripts it runs (recursively for `bash -c`). Read with the real parser
 * when it is loaded and the command parses cleanly; with the conservative tokenizer otherwise.
 */
import type { BashParser } from './bash-parser.ts'
import { judgeCommand } from './command-writes.ts'
import { nodeWrites, pythonWrites } from './script-writes.ts'
import type { Redirect, ShellScript } from './shell-model.ts'
import { scriptFromTokens } from './shell-tokens.ts'
import { scriptFromTree } from './shell-tree.ts'

export interface ShellWrite {
  path: string
  /** How the text says so: `>`, `>>`, `tee`, `sed -i`, `mv`, `python`, … */
  how: string
}

export interface ShellAnalysis {
  writes: ShellWrite[]
  /** Writes whose target is only known at run time (`> "$OUT"`, `open(name, "w")`). */
  unresolved: number
  /** Every simple command in it is a probe and nothing is written. */
  readOnly: boolean
  /** Which front end read the outermost command. */
  via: 'parser' | 'tokenizer'
}

/** Descriptors and devices a redirection may name without writing a file. */
const NOT_A_FILE = /^\/dev\/(null|stdout|stderr|tty|zero|fd\/\d+)$|^\/proc\/self\/fd\/\d+$/
const WRITING_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '>&'])
const MAX_DEPTH = 4

function redirectWrite(r: Redirect): ShellWrite | 'unresolved' | null {
  if (!WRITING_OPS.has(r.op)) return null
  // `>&2`, `2>&1`, `>&-`: a descriptor copy, not a file.
  if (r.op === '>&' && (r.target.value === null ? /^\$/.test(r.target.loose) : /^(\d+|-)$/.test(r.target.value))) return null
  if (r.target.value === null) return 'unresolved'
  if (r.target.value === '' || NOT_A_FILE.test(r.target.value)) return null
  return { path: r.target.value, how: r.op }
}

function read(command: string, parser: BashParser | null): { script: ShellScript; via: ShellAnalysis['via'] } {
  if (parser) {
    const tree = parser.parse(command)
    try {
      if (tree && !tree.rootNode.hasError) return { script: scriptFromTree(tree.rootNode), via: 'parser' }
    } finally {
      tree?.delete()
    }
  }
  return { script: scriptFromTokens(command), via: 'tokenizer' }
}

export function analyzeShell(command: string, parser: BashParser | null, depth = 0): ShellAnalysis {
  const { script, via } = read(command, parser)
  const writes: ShellWrite[] = []
  let unresolved = 0
  let readOnly = true

  for (const r of script.redirects) {
    const w = redirectWrite(r)
    if (w === 'unresolved') unresolved++
    else if (w) writes.push(w)
  }
  for (const cmd of script.commands) {
    const j = judgeCommand(cmd)
    if (!j.readOnly) readOnly = false
    for (const { target, how } of j.writes) {
      if (target.value === null) unresolved++
      else if (target.value !== '' && target.value !== '-' && !NOT_A_FILE.test(target.value)) writes.push({ path: target.value, how })
    }
    for (const s of j.scripts) {
      if (s.language === 'shell') {
        if (depth >= MAX_DEPTH) continue
        const inner = analyzeShell(s.code, parser, depth + 1)
        writes.push(...inner.writes)
        unresolved += inner.unresolved
      } else {
        const found = s.language === 'python' ? pythonWrites(s.code) : nodeWrites(s.code)
        writes.push(...found.paths.map((path) => ({ path, how: s.language })))
        unresolved += found.unresolved
      }
    }
  }
  const seen = new Set<string>()
  const unique = writes.filter((w) => {
    const key = `${w.path}\0${w.how}`
    return seen.has(key) ? false : (seen.add(key), true)
  })
  return { writes: unique, unresolved, readOnly: readOnly && unique.length === 0 && unresolved === 0, via }
}
