/**
 * Reads a tree-sitter-bash syntax tree into the ledger's shell model: every simple command with
 * its words after quote removal and the directory its text `cd`'d to, every redirection, the
 * heredoc text each command is fed, and which command's status a failing script exits with.
 * Heredoc bodies are never walked as shell: they are data unless an interpreter reads them.
 */
import { posix } from 'node:path'
import type { Node } from 'web-tree-sitter'
import { type Dir, type ExitSource, literal, type Redirect, type ShellScript, type SimpleCommand, type Word } from './shell-model.ts'

const GLOB_RE = /(?<!\\)[*?[]/

/** Backslash removal outside quotes: `\x` is `x`, a backslash-newline joins lines. */
const unescapeBare = (s: string) => s.replace(/\\\n/g, '').replace(/\\(.)/gs, '$1')
/** Inside double quotes a backslash only escapes `$`, `` ` ``, `"`, `\` and a newline. */
const unescapeDouble = (s: string) => s.replace(/\\\n/g, '').replace(/\\([$`"\\])/g, '$1')

const ANSI_C: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
}
const unescapeAnsiC = (s: string) => s.replace(/\\(.)/gs, (m, c: string) => ANSI_C[c] ?? m)

function join(parts: Word[]): Word {
  let value: string | null = ''
  let loose = ''
  for (const p of parts) {
    value = value === null || p.value === null ? null : value + p.value
    loose += p.loose
  }
  return { value, loose }
}

/** A double-quoted string: its literal stretches unescaped, its expansions kept as written. */
function doubleQuoted(n: Node): Word {
  const parts: Word[] = []
  const src = n.text
  const base = n.startIndex
  let at = 1 // after the opening quote
  for (const c of n.namedChildren) {
    if (c.startIndex - base > at) parts.push(plain(unescapeDouble(src.slice(at, c.startIndex - base))))
    parts.push(c.type === 'string_content' ? plain(unescapeDouble(c.text)) : wordOf(c))
    at = c.endIndex - base
  }
  const end = src.endsWith('"') && src.length > 1 ? src.length - 1 : src.length
  if (end > at) parts.push(plain(unescapeDouble(src.slice(at, end))))
  return join(parts)
}

const plain = (s: string): Word => ({ value: s, loose: s })

export function wordOf(n: Node): Word {
  switch (n.type) {
    case 'word': {
      const loose = unescapeBare(n.text)
      return { value: GLOB_RE.test(n.text) ? null : loose, loose }
    }
    case 'command_name':
      return n.namedChildren[0] ? wordOf(n.namedChildren[0]) : plain(n.text)
    case 'number':
    case 'variable_name':
      return plain(n.text)
    case 'raw_string':
      return plain(n.text.slice(1, n.text.endsWith("'") && n.text.length > 1 ? -1 : undefined))
    case 'ansi_c_string':
      return plain(unescapeAnsiC(n.text.slice(2, n.text.endsWith("'") ? -1 : undefined)))
    case 'string':
      return doubleQuoted(n)
    case 'translated_string':
      return n.namedChildren[0] ? wordOf(n.namedChildren[0]) : plain('')
    case 'concatenation':
      return join(n.children.map(wordOf))
    default:
      // Expansions, substitutions, brace expressions, and anything newer than this list.
      return { value: null, loose: n.text }
  }
}

const REDIRECT_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '>&', '<', '<&', '<>', '>&-', '<&-'])

function redirectOf(n: Node): Redirect | null {
  let op: string | null = null
  let fd: string | null = null
  let target: Node | null = null
  for (const c of n.children) {
    if (!c.isNamed && REDIRECT_OPS.has(c.type)) op ??= c.type
    else if (c.type === 'file_descriptor') fd = c.text
    else if (c.isNamed && target === null && op !== null) target = c
  }
  if (op === null) return null
  return { op, fd, target: target ? wordOf(target) : { value: null, loose: '' } }
}

function commandOf(n: Node): SimpleCommand {
  const words: Word[] = []
  const name = n.childForFieldName('name')
  if (name) words.push(wordOf(name))
  for (const a of n.childrenForFieldName('argument')) words.push(wordOf(a))
  // A here-string sits inside the command node (`python3 <<< "…"`).
  const stdin: string[] = []
  for (const r of n.childrenForFieldName('redirect')) {
    const text = fedText(r)
    if (text !== null) stdin.push(text)
  }
  return { words, stdin }
}

/** The text a heredoc or here-string redirection feeds, or null for another kind. */
function fedText(r: Node): string | null {
  if (r.type === 'heredoc_redirect') {
    const body = r.children.find((c) => c.type === 'heredoc_body')
    return body ? body.text : ''
  }
  if (r.type === 'herestring_redirect') {
    const arg = r.namedChildren[r.namedChildren.length - 1]
    return arg ? wordOf(arg).loose : ''
  }
  return null
}

const isBareCat = (c: SimpleCommand | undefined) =>
  c !== undefined && c.words.length === 1 && c.words[0]!.value !== null && /(^|\/)cat$/.test(c.words[0]!.value)

/** Run in a copy of the shell: a `cd` inside does not outlast them. */
const SUBSHELLS = new Set(['subshell', 'command_substitution', 'process_substitution'])
/** Run maybe, or again, or later: a `cd` inside leaves the directory unknown after them. */
const MAYBE = new Set(['if_statement', 'while_statement', 'for_statement', 'c_style_for_statement', 'case_statement', 'function_definition'])
/** A statement body its redirections apply to as a whole, from before it runs. */
const GROUPS = new Set(['compound_statement', 'subshell', 'if_statement', 'while_statement', 'for_statement', 'c_style_for_statement', 'case_statement'])

/** Where `cd`/`pushd` with these words goes from `dir`: a path as written, or null when unknown. */
function cdTarget(c: SimpleCommand, dir: Dir): Dir {
  const args = c.words.slice(1).filter((w, i, all) => !(/^-[LPe@]+$/.test(w.value ?? '') && all.slice(0, i).every((p) => p.value?.startsWith('-'))))
  const to = args[0]?.value === '--' ? args[1] : args[0]
  if (to === undefined) return c.words[0]!.value === 'cd' ? '~' : null // `pushd` alone swaps
  if (to.value === null || to.value === '-' || to.value === '') return null
  if (to.value.startsWith('/') || to.value.startsWith('~')) return to.value
  if (dir === null) return null
  return dir === undefined ? to.value : posix.join(dir, to.value)
}

/** Where each descriptor ends up after the redirections, in order: stderr still captured or not. */
function silencesStderr(redirects: Redirect[]): boolean {
  let out = true
  let err = true
  for (const r of redirects) {
    const target = r.target.value
    if (r.op === '>&' && (r.fd === '2' ? target === '1' : target === '2')) {
      if (r.fd === '2') err = out
      else out = err
    } else if (r.op === '&>' || r.op === '&>>' || (r.op === '>&' && r.fd === null)) {
      out = false
      err = false
    } else if (r.op === '>' || r.op === '>>' || r.op === '>|') {
      const kept: boolean = target === '/dev/stdout' ? out : target === '/dev/stderr' ? err : false
      if (r.fd === '2') err = kept
      else if (r.fd === null || r.fd === '1') out = kept
    }
  }
  return !err
}

const ownRedirects = (n: Node): Redirect[] =>
  n.children.flatMap((c) => {
    const r = c.type === 'file_redirect' ? redirectOf(c) : null
    return r ? [r] : []
  })

/** Commands that may fail without a word, so that `x && y` failing does not say which did. */
const SILENT = /^(grep|egrep|fgrep|zgrep|rg|ag|ack|diff|cmp|test|\[|false|which|type|pgrep|read)$/

export function scriptFromTree(root: Node): ShellScript {
  const script: ShellScript = { commands: [], redirects: [] }
  const byNode = new Map<number, SimpleCommand>()
  let dir: Dir = undefined

  const at = <T extends { dir?: Dir; pos?: number }>(x: T, d: Dir, n: Node): T => {
    if (d !== undefined) x.dir = d
    x.pos = n.startIndex
    return x
  }
  const children = (n: Node): void => {
    for (const c of n.children) visit(c)
  }
  const visit = (n: Node): void => {
    if (n.type === 'heredoc_body' || n.type === 'comment') return
    if (SUBSHELLS.has(n.type)) {
      const saved = dir
      children(n)
      dir = saved
      return
    }
    if (n.type === 'pipeline') {
      // Each part of a pipeline runs in a subshell of its own, from the same directory.
      const saved = dir
      for (const c of n.children) {
        dir = saved
        visit(c)
      }
      dir = saved
      return
    }
    if (MAYBE.has(n.type) || (n.type === 'list' && n.children.some((c) => c.type === '||'))) {
      // `a || cd x`: the right side of `||` may not run; `cd x || exit` still leaves it at x.
      const saved = dir
      if (n.type === 'list') {
        const [left, ...rest] = n.children
        if (left) visit(left)
        const after = dir
        for (const c of rest) visit(c)
        if (dir !== after) dir = null
      } else {
        children(n)
        if (dir !== saved) dir = null
      }
      return
    }
    if (n.type === 'redirected_statement') {
      const before = dir
      const body = n.childForFieldName('body')
      for (const c of n.children) {
        if (c.type === 'file_redirect') {
          const r = redirectOf(c)
          if (r) script.redirects.push(at(r, body && GROUPS.has(body.type) ? before : dir, c))
          for (const sub of c.namedChildren) visit(sub)
        } else visit(c)
      }
      attachStdin(n)
      return
    }
    if (n.type === 'file_redirect') {
      const r = redirectOf(n)
      if (r) script.redirects.push(at(r, dir, n))
    } else if (n.type === 'command') {
      const c = at(commandOf(n), dir, n)
      byNode.set(n.id, c)
      script.commands.push(c)
      children(n)
      const name = c.words[0]?.value
      if (name === 'cd' || name === 'pushd') dir = cdTarget(c, dir)
      else if (name === 'popd') dir = null
      return
    }
    children(n)
  }

  /** True when nothing under `n` could fail silently: no silenced error output, no test or search. */
  const loud = (n: Node): boolean => {
    if (n.type === 'test_command' || silencesStderr(ownRedirects(n))) return false
    if (n.type === 'command') {
      const name = byNode.get(n.id)?.words[0]?.value
      if (name == null || SILENT.test(name.slice(name.lastIndexOf('/') + 1))) return false
    }
    return n.namedChildren.every(loud)
  }

  /** The simple command a failing `n` took its status from, when the text makes it certain. */
  const exitOf = (n: Node, quiet: boolean): ExitSource | undefined => {
    switch (n.type) {
      case 'program':
      case 'subshell':
      case 'compound_statement': {
        const last = n.namedChildren.filter((c) => c.type !== 'comment').at(-1)
        // `cmd &` exits 0 at once; a trailing `&` is never the failure looked for.
        return last && n.children.at(-1)?.type !== '&' ? exitOf(last, quiet) : undefined
      }
      case 'command': {
        const c = byNode.get(n.id)
        return c ? { command: c, quiet: quiet || silencesStderr(ownRedirects(n)) } : undefined
      }
      case 'test_command':
        return { command: { words: [literal('[[')], stdin: [] }, quiet }
      case 'redirected_statement': {
        const body = n.childForFieldName('body')
        const redirects = n.childrenForFieldName('redirect')
        // `cat <<EOF | grep x`: the heredoc's node holds the rest of the pipeline.
        if (redirects.some((r) => r.type === 'heredoc_redirect' && r.namedChildren.some((c) => c.type === 'pipeline' || c.type === 'list'))) return undefined
        return body ? exitOf(body, quiet || silencesStderr(ownRedirects(n))) : undefined
      }
      case 'pipeline': {
        const last = n.namedChildren.at(-1)
        return last ? exitOf(last, quiet) : undefined
      }
      case 'list': {
        const [left, right] = n.namedChildren
        const op = n.children.find((c) => c.type === '&&' || c.type === '||')?.type
        if (!left || !right) return undefined
        if (op === '||') return exitOf(right, quiet)
        if (op === '&&' && loud(left)) return exitOf(right, quiet)
        return undefined
      }
      default:
        return undefined
    }
  }

  // `cmd <<EOF`: the body feeds the statement's command. tree-sitter-bash hangs a statement list
  // on its body (`cd x && cat > f <<EOF`) and puts what follows the heredoc start inside the
  // redirect node (`cat <<EOF | python3`), so both are looked at.
  const attachStdin = (stmt: Node): void => {
    const body = stmt.childForFieldName('body')
    let consumer: Node | null = null
    if (body?.type === 'command') consumer = body
    else if (body?.type === 'list') {
      const last = body.namedChildren[body.namedChildren.length - 1]
      if (last?.type === 'command') consumer = last
    }
    const target = consumer ? byNode.get(consumer.id) : undefined
    for (const r of stmt.childrenForFieldName('redirect')) {
      const text = fedText(r)
      if (text === null || !target) continue
      target.stdin.push(text)
      // `cat <<EOF | python3 -`: the heredoc reaches the command cat pipes into.
      if (isBareCat(target)) {
        const pipe = r.namedChildren.find((c) => c.type === 'pipeline')
        const next = pipe?.namedChildren.find((c) => c.type === 'command')
        const piped = next ? byNode.get(next.id) : undefined
        if (piped) piped.stdin.push(text)
      }
    }
  }

  visit(root)
  if (dir !== undefined) script.endDir = dir
  const exit = exitOf(root, false)
  if (exit) script.exit = exit
  return script
}
