/**
 * The fallback when the parser is missing or cannot read a command: a conservative tokenizer
 * that knows quotes, escapes, heredocs and the control operators, and nothing more. Whatever it
 * cannot read for sure (`$(…)`, `[[ … ]]`, `(( … ))`, an unclosed quote) becomes an opaque word,
 * so it can miss a write but never invent one.
 */
import type { Redirect, ShellScript, SimpleCommand, Word } from './shell-model.ts'

/** A heredoc's text, filled in when the tokenizer reaches the line after its start. */
interface Body {
  text: string
}

type Token = { kind: 'word'; word: Word } | { kind: 'op'; op: string } | { kind: 'redirect'; op: string; fd: string | null } | { kind: 'heredoc'; body: Body }

const CONTROL = ['&&', '||', ';;', '|&', ';', '|', '&', '(', ')', '\n']
const REDIRECTS = ['&>>', '<<<', '<<-', '&>', '>>', '>|', '>&', '<<', '<&', '<>', '>', '<']
const RESERVED = new Set(['if', 'then', 'else', 'elif', 'fi', 'do', 'done', 'while', 'until', '{', '}', '!', 'time'])

interface Pending {
  delimiter: string
  stripTabs: boolean
  body: Body
}

/** Scans `$(…)`, `${…}`, `$((…))` or a backtick span from `i`; returns the index after it. */
function skipSubstitution(s: string, i: number): number {
  if (s[i] === '`') {
    for (let j = i + 1; j < s.length; j++) {
      if (s[j] === '\\') j++
      else if (s[j] === '`') return j + 1
    }
    return s.length
  }
  const open = s[i + 1]!
  const close = open === '(' ? ')' : '}'
  let depth = 0
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j]
    if (c === '\\') j++
    else if (c === "'") {
      const k = s.indexOf("'", j + 1)
      j = k < 0 ? s.length : k
    } else if (c === open) depth++
    else if (c === close && --depth === 0) return j + 1
  }
  return s.length
}

function tokenize(s: string): Token[] {
  const tokens: Token[] = []
  const pending: Pending[] = []
  let value: string | null = ''
  let loose = ''
  let inWord = false
  let glob = false

  const endWord = () => {
    if (!inWord) return
    tokens.push({ kind: 'word', word: { value: glob ? null : value, loose } })
    value = ''
    loose = ''
    inWord = false
    glob = false
  }
  const add = (lit: string | null, raw: string) => {
    inWord = true
    value = value === null || lit === null ? null : value + lit
    loose += raw
  }

  let i = 0
  while (i < s.length) {
    const c = s[i]!
    if (c === ' ' || c === '\t') {
      endWord()
      i++
      continue
    }
    if (c === '\\') {
      if (s[i + 1] === '\n') i += 2
      else {
        add(s[i + 1] ?? '', s[i + 1] ?? '')
        i += 2
      }
      continue
    }
    if (c === '#' && !inWord) {
      const nl = s.indexOf('\n', i)
      i = nl < 0 ? s.length : nl
      continue
    }
    if (c === "'") {
      const end = s.indexOf("'", i + 1)
      if (end < 0) return opaqueRest(tokens, s, i)
      add(s.slice(i + 1, end), s.slice(i + 1, end))
      i = end + 1
      continue
    }
    if (c === '"') {
      let j = i + 1
      let lit: string | null = ''
      let raw = ''
      for (; j < s.length && s[j] !== '"'; j++) {
        const d = s[j]!
        if (d === '\\' && '$`"\\\n'.includes(s[j + 1] ?? '')) {
          if (s[j + 1] !== '\n') {
            lit = lit === null ? null : lit + s[j + 1]
            raw += s[j + 1]
          }
          j++
        } else if (d === '`' || (d === '$' && /[({]/.test(s[j + 1] ?? ''))) {
          const k = skipSubstitution(s, j)
          raw += s.slice(j, k)
          lit = null
          j = k - 1
        } else if (d === '$' && /[\w@*#?$!-]/.test(s[j + 1] ?? '')) {
          raw += d
          lit = null
        } else {
          lit = lit === null ? null : lit + d
          raw += d
        }
      }
      if (j >= s.length) return opaqueRest(tokens, s, i)
      add(lit, raw)
      i = j + 1
      continue
    }
    if (c === '$' && s[i + 1] === "'") {
      const end = s.indexOf("'", i + 2)
      if (end < 0) return opaqueRest(tokens, s, i)
      add(null, s.slice(i + 2, end))
      i = end + 1
      continue
    }
    if (c === '`' || (c === '$' && /[({]/.test(s[i + 1] ?? ''))) {
      const k = skipSubstitution(s, i)
      add(null, s.slice(i, k))
      i = k
      continue
    }
    if (c === '$' && /[\w@*#?$!-]/.test(s[i + 1] ?? '')) {
      add(null, c)
      i++
      continue
    }
    // `[[ … ]]` and `(( … ))` compare with `>`; they are read as one opaque word.
    if (!inWord && (s.startsWith('[[', i) || s.startsWith('((', i))) {
      const close = s[i] === '[' ? ']]' : '))'
      const end = s.indexOf(close, i + 2)
      const k = end < 0 ? s.length : end + 2
      add(null, s.slice(i, k))
      i = k
      continue
    }
    const redirect = REDIRECTS.find((op) => s.startsWith(op, i))
    if (redirect) {
      // `2>`: a word of digits right before the operator is its descriptor.
      let fd: string | null = null
      if (inWord && value !== null && /^\d+$/.test(value) && loose === value) {
        fd = value
        value = ''
        loose = ''
        inWord = false
      }
      endWord()
      i += redirect.length
      if (redirect === '<<' || redirect === '<<-') {
        const m = /^[ \t]*(['"]?)([^\s'"<>;&|()]+)\1/.exec(s.slice(i))
        if (m) {
          const body: Body = { text: '' }
          pending.push({ delimiter: m[2]!, stripTabs: redirect === '<<-', body })
          tokens.push({ kind: 'heredoc', body })
          i += m[0].length
        }
        continue
      }
      tokens.push({ kind: 'redirect', op: redirect, fd })
      continue
    }
    const control = CONTROL.find((op) => s.startsWith(op, i))
    if (control) {
      endWord()
      tokens.push({ kind: 'op', op: control === '\n' ? ';' : control })
      i += control.length
      if (control === '\n' && pending.length > 0) i = readBodies(s, i, pending)
      continue
    }
    if (c === '*' || c === '?' || c === '[') glob = true
    add(c, c)
    i++
  }
  endWord()
  // A heredoc whose start is on the last line has an empty body.
  return tokens
}

/** Reads each pending heredoc's body from `i`, one after another; returns the index after them. */
function readBodies(s: string, i: number, pending: Pending[]): number {
  for (const p of pending.splice(0)) {
    const lines: string[] = []
    while (i < s.length) {
      const nl = s.indexOf('\n', i)
      const line = s.slice(i, nl < 0 ? s.length : nl)
      i = nl < 0 ? s.length : nl + 1
      if ((p.stripTabs ? line.replace(/^\t+/, '') : line) === p.delimiter) break
      lines.push(line)
    }
    p.body.text = lines.length ? `${lines.join('\n')}\n` : ''
  }
  return i
}

/** An unclosed quote: the rest of the text is one word nobody can read a write from. */
function opaqueRest(tokens: Token[], s: string, i: number): Token[] {
  tokens.push({ kind: 'word', word: { value: null, loose: s.slice(i) } })
  return tokens
}

const CD = new Set(['cd', 'pushd', 'popd'])

/** Only plain words and spaces: no quoting, expansion, glob, comment, redirection or operator. */
const PLAIN_COMMAND_RE = /^[A-Za-z0-9_.,:/@%+=-]+(?: +[A-Za-z0-9_.,:/@%+=-]+)*$/

/** Splits the tokens into simple commands at the control operators. */
export function scriptFromTokens(source: string): ShellScript {
  const script: ShellScript = { commands: [], redirects: [] }
  // Most commands are plain words (`ls -la src`, `npm test`): split on spaces, no tokenizer needed.
  const trimmed = source.trim()
  if (PLAIN_COMMAND_RE.test(trimmed)) {
    const words = trimmed.split(/ +/).map((w): Word => ({ value: w, loose: w }))
    let first = 0
    while (first < words.length && (RESERVED.has(words[first]!.value!) || /^[A-Za-z_]\w*=/.test(words[first]!.value!))) first++
    const kept = words.slice(first)
    if (kept.length && !['for', 'case', 'select', 'function', 'in', 'esac'].includes(kept[0]!.value!)) script.commands.push({ words: kept, stdin: [] })
    if (CD.has(kept[0]?.value ?? '')) script.endDir = null
    return script
  }
  let words: Word[] = []
  let stdin: string[] = []
  let pipedStdin: string[] = []

  // Where a `cd` went is not followed here: whatever comes after one runs somewhere unknown.
  let moved = false
  const flush = (op: string | null) => {
    const cmd: SimpleCommand | null = words.length ? { words, stdin: [...stdin, ...pipedStdin], pos: start, ...(moved ? { dir: null } : {}) } : null
    if (cmd) script.commands.push(cmd)
    if (cmd && CD.has(cmd.words[0]?.value ?? '')) moved = true
    // `cat <<EOF | python3 -`: the heredoc reaches the command cat pipes into.
    const bareCat = cmd !== null && cmd.words.length === 1 && cmd.words[0]!.value !== null && /(^|\/)cat$/.test(cmd.words[0]!.value)
    pipedStdin = op === '|' && bareCat ? stdin : []
    words = []
    stdin = []
  }
  /** Token positions stand in for source offsets: they keep the same order. */
  let start = 0

  const tokens = tokenize(source)
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!
    if (t.kind === 'op') {
      flush(t.op)
      start = k + 1
      continue
    }
    if (t.kind === 'heredoc') {
      stdin.push(t.body.text)
      continue
    }
    if (t.kind === 'redirect') {
      const next = tokens[k + 1]
      if (next?.kind !== 'word') continue
      k++
      if (t.op === '<<<') stdin.push(next.word.loose)
      else {
        const r: Redirect = { op: t.op, fd: t.fd, target: next.word, pos: k, ...(moved ? { dir: null } : {}) }
        script.redirects.push(r)
      }
      continue
    }
    const w = t.word
    // Reserved words and leading assignments are not the command's name.
    if (words.length === 0 && w.value !== null && (RESERVED.has(w.value) || /^[A-Za-z_]\w*=/.test(w.value))) continue
    words.push(w)
  }
  flush(null)
  if (moved) script.endDir = null
  // `for x in …`, `case … in`, a function header: not commands that write anything.
  script.commands = script.commands.filter((c) => !['for', 'case', 'select', 'function', 'in', 'esac'].includes(c.words[0]?.value ?? ''))
  return script
}
