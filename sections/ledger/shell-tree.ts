/**
 * Reads a tree-sitter-bash syntax tree into the ledger's shell model: every simple command with
 * its words after quote removal, every redirection, and the heredoc text each command is fed.
 * Heredoc bodies are never walked as shell: they are data unless an interpreter reads them.
 */
import type { Node } from 'web-tree-sitter'
import type { Redirect, ShellScript, SimpleCommand, Word } from './shell-model.ts'

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

export function scriptFromTree(root: Node): ShellScript {
  const script: ShellScript = { commands: [], redirects: [] }
  const byNode = new Map<number, SimpleCommand>()

  const visit = (n: Node): void => {
    if (n.type === 'heredoc_body' || n.type === 'comment') return
    if (n.type === 'file_redirect') {
      const r = redirectOf(n)
      if (r) script.redirects.push(r)
    } else if (n.type === 'command') {
      const c = commandOf(n)
      byNode.set(n.id, c)
      script.commands.push(c)
    }
    for (const c of n.children) visit(c)
    if (n.type === 'redirected_statement') attachStdin(n)
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
  return script
}
