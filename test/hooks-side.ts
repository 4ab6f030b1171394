/**
 * The hooks module's part of the bridge, for tests that run the real engine child as a process:
 * hands it the event on stdin, takes the hello (the one line read from its stdout), then fetches
 * its lines over its socket and posts an answer to each request, as plugin/hooks/bridge.ts does
 * with `$.http.fetch`. By default the answers are what a host with no engine to ask gives (no
 * model, no Read tool, every seam subscriber's tool fine). The first `done` or `failed` is the
 * answer.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { request } from 'node:http'
import {
  BRIDGE_PATHS,
  BRIDGE_TOKEN_HEADER,
  type ChildLine,
  type DoneLine,
  type FailedLine,
  type HelloLine,
  type LinesAnswer,
  type RequestLine,
} from '../plugin/hooks/protocol.ts'

export interface HooksSide {
  /** The first `done` or `failed` line, as the hooks module would take it. */
  answer(): DoneLine | FailedLine | undefined
  /** Date.now() when that line came. */
  answeredAt(): number | null
  /** Every line: the hello, then what came over the socket. */
  lines(): ChildLine[]
  stderr(): string
  /** What the child printed on stdout after its hello (read by nobody in the engine). */
  stdout(): string
}

export function defaultValue(req: RequestLine): unknown {
  if (req.call === 'files.read') return { ok: false, reason: 'no Read tool in this test' }
  if (req.call === 'seam.raise') return { status: 'ok' }
  return { isAnswered: false, reason: 'no model in this test' }
}

function call(hello: HelloLine, method: string, path: string, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: hello.socket, method, path, headers: { [BRIDGE_TOKEN_HEADER]: hello.token } }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => (res.statusCode && res.statusCode < 300 ? resolve(text) : reject(new Error(`${res.statusCode}: ${text}`))))
    })
    req.on('error', reject)
    req.end(body)
  })
}

export function hooksSide(child: ChildProcessWithoutNullStreams, input: string, valueFor: (req: RequestLine) => unknown = defaultValue): HooksSide {
  const lines: ChildLine[] = []
  let answer: DoneLine | FailedLine | undefined
  let answeredAt: number | null = null
  let out = ''
  let stderr = ''
  let hello: HelloLine | null = null
  let ended = false
  child.stdin.end(input)
  child.stderr.on('data', (d) => (stderr += d))
  child.on('exit', () => (ended = true))
  const follow = async (h: HelloLine) => {
    let after = 0
    while (!answer && !ended) {
      let got: LinesAnswer
      try {
        got = JSON.parse(await call(h, 'GET', `${BRIDGE_PATHS.lines}?after=${after}`)) as LinesAnswer
      } catch {
        return // the child's end closed: it is exiting
      }
      after = got.next
      for (const line of got.lines) {
        lines.push(line)
        if ((line.type === 'done' || line.type === 'failed') && !answer) {
          answer = line
          answeredAt = Date.now()
        }
        if (line.type === 'request') {
          void call(h, 'POST', BRIDGE_PATHS.answer, JSON.stringify({ id: line.id, ok: true, value: valueFor(line) })).catch(() => undefined)
        }
      }
    }
  }
  child.stdout.on('data', (d) => {
    out += d
    if (hello) return
    const nl = out.indexOf('\n')
    if (nl < 0) return
    hello = JSON.parse(out.slice(0, nl)) as HelloLine
    out = out.slice(nl + 1)
    lines.push(hello)
    void follow(hello)
  })
  return { answer: () => answer, answeredAt: () => answeredAt, lines: () => lines, stderr: () => stderr, stdout: () => out }
}
