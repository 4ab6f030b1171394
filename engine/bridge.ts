/**
 * The child's end of the bridge: a request goes out as a line, and its answer comes back to
 * `answer` (engine/channel.ts carries both over the child's socket). Requests are numbered here;
 * one that is aborted is cancelled on the hooks side too.
 */
import type { AnswerFile, BridgeCall, BridgeRequestArgs, BridgeValues, ChildLine, RequestLine } from '../plugin/hooks/protocol.ts'

export interface Bridge {
  /** Asks the hooks module; rejects when `signal` aborts (and tells the hook to cancel). */
  request<C extends BridgeCall>(call: C, args: BridgeRequestArgs[C], signal?: AbortSignal): Promise<BridgeValues[C]>
  /** Requests still waiting for an answer. */
  readonly pending: number
  /** An answer from the hooks module; one for a request no longer waiting is dropped. */
  answer(answer: AnswerFile): void
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
  /** Sends one line to the hooks module (engine/channel.ts in the engine child). */
  send(line: ChildLine): void
}

export function createBridge(opts: BridgeOptions): Bridge {
  const waiting = new Map<number, Waiter>()
  let nextId = 1
  let closed = false
  let closedWhy = 'the bridge is closed'

  return {
    get pending() {
      return waiting.size
    },
    answer(answer) {
      const w = waiting.get(answer.id)
      if (!w) return
      waiting.delete(answer.id)
      if (answer.ok) w.resolve(answer.value)
      else w.reject(new BridgeError(w.call, `${w.call}: ${answer.error}`))
    },
    request(call, args, signal) {
      if (closed) return Promise.reject(new BridgeError(call, `${call}: ${closedWhy}`))
      if (signal?.aborted) return Promise.reject(signal.reason ?? new Error('aborted'))
      const id = nextId++
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!waiting.delete(id)) return
          opts.send({ type: 'cancel', id })
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
        opts.send({ type: 'request', id, call, args } as RequestLine)
      })
    },
    close(why) {
      if (closed) return
      closed = true
      if (why) closedWhy = why
      for (const [id, w] of waiting) {
        waiting.delete(id)
        w.reject(new BridgeError(w.call, `${w.call}: ${why ?? 'the bridge closed before an answer came'}`))
      }
    },
  }
}
