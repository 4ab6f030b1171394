/**
 * The child's end of the bridge's transport: an HTTP server on a Unix socket that only the hooks
 * module can use. The child's stdout carries one line, its hello, written before any third-party
 * code loads: where the socket is, and a token every call must carry. After that the hooks module
 * reads nothing from stdout, so what a section or a library prints there (even straight to fd 1)
 * forges nothing; a section in its own thread cannot read the token, so it cannot call the socket
 * either.
 *
 * The engine offers no way to listen, only `$.http.fetch` over a socket (`socketPath`, measured in
 * engine/BRIDGE.md), so the hooks module asks: `GET /lines?after=N` returns the lines written
 * since the N-th, held open until there is one or HOLD_MS has passed; `POST /answer` delivers an
 * answer. The socket lives in a folder of its own under the OS's temp folder (mode 0700): a path
 * under the data dir can pass the ~100-byte limit on socket paths and be cut short silently.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type AnswerFile, BRIDGE_PATHS, BRIDGE_TOKEN_HEADER, type ChildLine, type LinesAnswer } from '../plugin/hooks/protocol.ts'

/** How long a `GET /lines` is held open waiting for a line. */
export const HOLD_MS = 1_000

export interface Channel {
  socketPath: string
  token: string
  /** Queues a line for the hooks module. */
  send(line: ChildLine): void
  /** Where answers go; set once. */
  onAnswer(handler: (answer: AnswerFile) => void): void
  /** Resolves once the hooks module has fetched every line sent, or after `maxMs`. */
  drained(maxMs: number): Promise<void>
  close(): Promise<void>
}

export async function openChannel(): Promise<Channel> {
  const dir = mkdtempSync(join(tmpdir(), 'ch-'))
  const socketPath = join(dir, 'b.sock')
  const token = randomBytes(24).toString('hex')
  const lines: ChildLine[] = []
  /** How many lines the hooks module has fetched. */
  let fetched = 0
  let handler: ((answer: AnswerFile) => void) | null = null
  const early: AnswerFile[] = []
  const held = new Set<{ after: number; res: ServerResponse; timer: ReturnType<typeof setTimeout> }>()
  const onFetched: Array<() => void> = []

  const reply = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', connection: 'close' })
    res.end(body === undefined ? '' : JSON.stringify(body))
  }
  const deliver = (after: number, res: ServerResponse) => {
    const answer: LinesAnswer = { lines: lines.slice(after), next: lines.length }
    fetched = Math.max(fetched, lines.length)
    reply(res, 200, answer)
    if (fetched >= lines.length) onFetched.splice(0).forEach((f) => f())
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.headers[BRIDGE_TOKEN_HEADER] !== token) return reply(res, 403, { error: 'not the hooks module' })
    const url = new URL(req.url ?? '/', 'http://bridge')
    if (req.method === 'GET' && url.pathname === BRIDGE_PATHS.lines) {
      const after = Math.max(0, Math.min(lines.length, Number(url.searchParams.get('after') ?? 0) || 0))
      if (after < lines.length) return deliver(after, res)
      const wait = { after, res, timer: setTimeout(() => (held.delete(wait), deliver(after, res)), HOLD_MS) }
      held.add(wait)
      res.on('close', () => (clearTimeout(wait.timer), held.delete(wait)))
      return
    }
    if (req.method === 'POST' && url.pathname === BRIDGE_PATHS.answer) {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        let answer: AnswerFile
        try {
          answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AnswerFile
        } catch (err) {
          return reply(res, 400, { error: `not JSON: ${(err as Error).message}` })
        }
        if (handler) handler(answer)
        else early.push(answer)
        reply(res, 204)
      })
      return
    }
    reply(res, 404, { error: `no ${req.method} ${url.pathname}` })
  })
  // However the process ends (but SIGKILL), the socket's folder goes with it.
  const removeDir = () => rmSync(dir, { recursive: true, force: true })
  process.once('exit', removeDir)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => resolve())
  })
  // Nothing here keeps the process alive by itself: the run does, while it runs.
  server.unref()
  return {
    socketPath,
    token,
    send(line) {
      lines.push(line)
      for (const wait of held) {
        clearTimeout(wait.timer)
        held.delete(wait)
        deliver(wait.after, wait.res)
      }
    },
    onAnswer(h) {
      handler = h
      early.splice(0).forEach(h)
    },
    drained(maxMs) {
      if (fetched >= lines.length) return Promise.resolve()
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, maxMs)
        onFetched.push(() => (clearTimeout(timer), resolve()))
      })
    },
    async close() {
      for (const wait of held) clearTimeout(wait.timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      removeDir()
      process.off('exit', removeDir)
    },
  }
}
