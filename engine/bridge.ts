/**
 * The child's end of the bridge: a request goes out as a line on stdout, its answer comes back
 * as a file the hooks module writes under `<rundir>/answers/`. Files rather than a unix socket:
 * the engine's `$.fs.write` needs no listener, and a socket path past ~100 bytes (a long HOME)
 * was measured to be truncated silently (engine/BRIDGE.md); both answer in a few ms.
 */
import { type FSWatcher, mkdirSync, readFileSync, watch } from 'node:fs'
import { join } from 'node:path'
import {
  ANSWERS_DIR,
  type AnswerFile,
  type BridgeCall,
  type BridgeRequestArgs,
  type BridgeValues,
  type ChildLine,
  type RequestLine,
} from '../plugin/hooks/protocol.ts'

export interface Bridge {
  /** Asks the hooks module; rejects when `signal` aborts (and tells the hook to cancel). */
  request<C extends BridgeCall>(call: C, args: BridgeRequestArgs[C], signal?: AbortSignal): Promise<BridgeValues[C]>
  /** Requests still waiting for an answer. */
  readonly pending: number
  /** Stops watching; waiting requests reject, with `why` when given (e.g. the engine went away). */
  close(why?: string): void
}

export class BridgeError extends Error {
  constructor(
    readonly call: BridgeCall,
    message: string,
  ) {
    super(message)
    this.name = 'BridgeError'
  }
}

interface Waiter {
  call: BridgeCall
  resolve(value: unknown): void
  reject(err: Error): void
}

export interface BridgeOptions {
  rundir: string
  /** Writes one line to the hooks module (stdout in the engine child). */
  send(line: ChildLine): void
  /** A safety poll beside fs.watch, in ms: inotify can miss an event under load. */
  pollMs?: number
}

export function createBridge(opts: BridgeOptions): Bridge {
  const dir = join(opts.rundir, ANSWERS_DIR)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const waiting = new Map<number, Waiter>()
  let nextId = 1
  let watcher: FSWatcher | null = null
  let poll: ReturnType<typeof setInterval> | null = null
  let closed = false
  let closedWhy = 'the bridge is closed'

  // An answer may be read while $.fs.write is still writing it: a torn read fails to parse and
  // is left for the next event or poll. A complete answer always parses.
  const take = (id: number) => {
    const w = waiting.get(id)
    if (!w) return
    let answer: AnswerFile
    try {
      answer = JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as AnswerFile
    } catch {
      return
    }
    waiting.delete(id)
    if (answer.ok) w.resolve(answer.value)
    else w.reject(new BridgeError(w.call, `${w.call}: ${answer.error}`))
    if (waiting.size === 0) idle()
  }
  const sweep = () => {
    for (const id of [...waiting.keys()]) take(id)
  }
  const busy = () => {
    if (closed || watcher) return
    try {
      watcher = watch(dir, (_event, name) => {
        const m = name ? /^(\d+)\.json$/.exec(String(name)) : null
        if (m) take(Number(m[1]))
      })
      watcher.on('error', () => undefined)
    } catch {
      watcher = null // no inotify: the poll alone answers
    }
    poll = setInterval(sweep, opts.pollMs ?? 50)
  }
  const idle = () => {
    watcher?.close()
    watcher = null
    if (poll) clearInterval(poll)
    poll = null
  }

  return {
    get pending() {
      return waiting.size
    },
    request(call, args, signal) {
      if (closed) return Promise.reject(new BridgeError(call, `${call}: ${closedWhy}`))
      if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'))
      const id = nextId++
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!waiting.delete(id)) return
          opts.send({ type: 'cancel', id })
          if (waiting.size === 0) idle()
          reject(signal?.reason ?? new Error('aborted'))
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        const done = () => signal?.removeEventListener('abort', onAbort)
        waiting.set(id, {
          call,
          resolve: (v) => {
            done()
            resolve(v as never)
          },
          reject: (e) => {
            done()
            reject(e)
          },
        })
        busy()
        opts.send({ type: 'request', id, call, args } as RequestLine)
        take(id) // an answer can only be there already in tests, but it costs nothing to look
      })
    },
    close(why) {
      if (closed) return
      closed = true
      if (why) closedWhy = why
      idle()
      for (const [id, w] of waiting) {
        waiting.delete(id)
        w.reject(new BridgeError(w.call, `${w.call}: ${why ?? 'the bridge closed before an answer came'}`))
      }
    },
  }
}
