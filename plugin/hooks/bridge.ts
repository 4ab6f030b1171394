/**
 * The hooks module's end of the bridge's transport (the child's is engine/channel.ts): the child's
 * stdout is read for its first line only, the hello, which names its socket and the token every
 * call carries; its other lines are fetched over that socket and each answer is posted there.
 * What the child (or a section in it) prints on stdout after the hello is never parsed.
 */
import type { EngineInterface } from 'claude-code'
import {
  type AnswerFile,
  BRIDGE_ORIGIN,
  BRIDGE_PATHS,
  BRIDGE_TOKEN_HEADER,
  type ChildLine,
  CHILD_LINE_TYPES,
  type HelloLine,
  type LinesAnswer,
} from './protocol'

/** The hello, from the text the child printed so far; null until its first line is whole. A first
 *  line that is not a hello never will be: `refused` says so. */
export function readHello(printed: string): { hello: HelloLine | null; refused?: string } {
  const nl = printed.indexOf('\n')
  if (nl < 0) return { hello: null }
  const first = printed.slice(0, nl)
  try {
    const v = JSON.parse(first) as Partial<HelloLine>
    if (v?.type === 'hello' && typeof v.socket === 'string' && v.socket.startsWith('/') && typeof v.token === 'string' && v.token.length >= 16) {
      return { hello: v as HelloLine }
    }
  } catch {
    // said below
  }
  return { hello: null, refused: `its first line is not a hello: ${JSON.stringify(first.slice(0, 120))}` }
}

/** Lines the child sent since the `after`-th (waits a moment for one when there is none). */
export async function fetchLines($: EngineInterface, hello: HelloLine, after: number): Promise<LinesAnswer> {
  const r = await $.http.fetch(`${BRIDGE_ORIGIN}${BRIDGE_PATHS.lines}?after=${after}`, {
    method: 'GET',
    headers: { [BRIDGE_TOKEN_HEADER]: hello.token },
    socketPath: hello.socket,
  })
  if (!r.ok) throw new Error(`the child's socket answered ${r.status}: ${r.text.slice(0, 200)}`)
  const got = JSON.parse(r.text) as Partial<LinesAnswer>
  if (!Array.isArray(got.lines) || typeof got.next !== 'number') throw new Error(`the child's socket answered ${r.text.slice(0, 200)}`)
  // A line of a type this side does not know is skipped, as an unparsable stdout line was.
  const lines = got.lines.filter((l): l is ChildLine => (CHILD_LINE_TYPES as readonly string[]).includes((l as { type?: string } | null)?.type ?? ''))
  return { lines, next: got.next }
}

/** Delivers one answer to the child. */
export async function postAnswer($: EngineInterface, hello: HelloLine, answer: AnswerFile): Promise<void> {
  const r = await $.http.fetch(`${BRIDGE_ORIGIN}${BRIDGE_PATHS.answer}`, {
    method: 'POST',
    headers: { [BRIDGE_TOKEN_HEADER]: hello.token, 'content-type': 'application/json' },
    body: JSON.stringify(answer),
    socketPath: hello.socket,
  })
  if (!r.ok) throw new Error(`the child's socket answered ${r.status}: ${r.text.slice(0, 200)}`)
}
