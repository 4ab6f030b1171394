/**
 * A third-party section runs in a worker thread of its own, so that whatever its code does ends
 * as its own drop and never the run's: a busy loop holds its thread, not the one the other
 * sections' timers fire on; `process.exit` ends its thread, not the process; a promise it leaves
 * to reject, or a callback that throws, is reported here instead of crashing the process; what it
 * prints on stdout goes to stderr; an import whose top-level code never settles is given up on
 * after `loadTimeoutMs`. The section sees the same context as in-process, its capability calls
 * and notes crossing to this thread as messages.
 *
 * The worker's code is a string run with `eval`: it needs nothing beside the bundle, and it
 * imports only the package itself.
 */
import type { Worker } from 'node:worker_threads'
import { DROP_CODES, type DropCode, SectionDropError } from './codes.ts'
import { fmt } from './text.ts'
import type { SectionContext } from './types.ts'

/** How long loading one package may take when the config does not say (`loadTimeoutMs`). */
export const LOAD_TIMEOUT_MS = 10_000

/** A function in a definition's shape, as it crosses threads (functions cannot). */
export const FUNCTION_MARK = '\u0000function'

type Call = 'model.fork' | 'model.complete' | 'files.read'

type FromWorker =
  | { type: 'loaded'; shape: unknown }
  | { type: 'load-failed'; message: string }
  | { type: 'result'; value: unknown }
  | { type: 'threw'; error: { name?: string; message: string; code?: unknown; record?: Record<string, unknown> } }
  | { type: 'call'; id: number; call: Call; req: Record<string, unknown> }
  | { type: 'note'; text: string }
  | { type: 'stray'; message: string }
  | { type: 'uncaught'; message: string }
  | { type: 'exit'; code: number }

const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads')
const post = (m) => parentPort.postMessage(m)
const text = (e) => String(e && typeof e === 'object' && 'message' in e ? e.message : e).split('\n')[0]
// Reported, never fatal here: this thread's owner drops the section with its code.
process.on('unhandledRejection', (reason) => post({ type: 'stray', message: text(reason) }))
process.on('uncaughtException', (err) => post({ type: 'uncaught', message: text(err) }))
const exit = process.exit.bind(process)
process.exit = (code) => { post({ type: 'exit', code: Number(code ?? process.exitCode ?? 0) }); exit(code) }
let definition
let nextId = 1
const calls = new Map()
const stop = new AbortController()
const ask = (call, req) => new Promise((resolve, reject) => { const id = nextId++; calls.set(id, { resolve, reject }); post({ type: 'call', id, call, req }) })
const turn = () => new Promise((r) => setImmediate(r))
parentPort.on('message', (m) => {
  if (m.type === 'answer') {
    const c = calls.get(m.id)
    if (!c) return
    calls.delete(m.id)
    if (m.ok) c.resolve(m.value)
    else c.reject(new Error(m.message))
  } else if (m.type === 'abort') stop.abort(new Error(m.reason))
  else if (m.type === 'run') void run(m.ctx)
})
async function run(c) {
  const notes = []
  const ctx = {
    name: c.name, input: c.input, options: c.options, budgetChars: c.budgetChars, timeoutMs: c.timeoutMs, needed: c.needed, signal: stop.signal,
    capabilities: {
      host: c.host, now: () => Date.now(),
      model: c.model ? { fork: (req) => ask('model.fork', req), complete: (req) => ask('model.complete', req) } : null,
      files: c.files ? { read: (req) => ask('files.read', req) } : null,
    },
    report: { notes, note: (t) => { notes.push(String(t)); post({ type: 'note', text: String(t) }) } },
  }
  try {
    const value = await definition.run(ctx)
    // A promise the run left to reject surfaces within these turns, ahead of its result.
    await turn(); await new Promise((r) => setTimeout(r, 0)); await turn()
    try { post({ type: 'result', value }) } catch (err) { post({ type: 'threw', error: { message: 'returned something that cannot leave its thread: ' + text(err) } }) }
  } catch (err) {
    const e = err && typeof err === 'object' ? err : {}
    const error = { name: typeof e.name === 'string' ? e.name : undefined, message: text(err), code: typeof e.code === 'string' ? e.code : undefined }
    try { post({ type: 'threw', error: { ...error, record: e.record } }) } catch { post({ type: 'threw', error }) }
  }
}
;(async () => {
  let mod
  try { mod = await import(workerData.url) } catch (err) { post({ type: 'load-failed', message: 'threw while it loaded: ' + text(err) }); return }
  definition = mod.default
  if (definition === undefined) { post({ type: 'load-failed', message: 'has no default export' }); return }
  let shape = definition
  if (definition && typeof definition === 'object') {
    shape = {}
    for (const [k, v] of Object.entries(definition)) shape[k] = typeof v === 'function' ? '${FUNCTION_MARK}' : v
  } else if (typeof definition === 'function') shape = '${FUNCTION_MARK}'
  try { post({ type: 'loaded', shape }) } catch (err) { post({ type: 'load-failed', message: 'default-exports something that cannot leave its thread: ' + text(err) }) }
})()
`

/** A loaded package's thread, idle until a run takes it. */
export interface SectionThread {
  /** What the package default-exports, functions marked with FUNCTION_MARK. */
  shape: unknown
  worker: Worker
}

/** Why a package's load failed, in one line, without the package's name (the caller adds it). */
export class ThreadLoadError extends Error {}

/**
 * Starts a thread that imports the package's entry; resolves once it has, with the shape of its
 * default export. Its top-level code runs under `timeoutMs`.
 */
export async function startSectionThread(url: string, timeoutMs: number): Promise<SectionThread> {
  // Loaded here, not at the top: only a package section needs a thread, and a build without one
  // would pay for the module on every start.
  const { Worker } = await import('node:worker_threads')
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { url }, stdout: true })
  // What it prints goes where the process's diagnostics go, never to this process's stdout.
  worker.stdout.pipe(process.stderr, { end: false })
  return new Promise((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer)
      void worker.terminate()
      reject(new ThreadLoadError(message))
    }
    const timer = setTimeout(
      () => fail(`did not finish loading within ${fmt(timeoutMs)} ms (loadTimeoutMs: ${timeoutMs}): its top-level code is still waiting`),
      timeoutMs,
    )
    const onMessage = (m: FromWorker) => {
      if (m.type === 'loaded') {
        clearTimeout(timer)
        worker.off('message', onMessage)
        worker.off('exit', onExit)
        worker.unref() // an idle thread keeps nothing alive
        resolve({ shape: m.shape, worker })
      } else if (m.type === 'load-failed') fail(m.message)
      else if (m.type === 'stray' || m.type === 'uncaught') fail(`threw while it loaded: ${m.message}`)
      else if (m.type === 'exit') fail(`called process.exit(${m.code}) while it loaded`)
    }
    const onExit = (code: number) => fail(`ended its thread while it loaded (exit code ${code})`)
    worker.on('message', onMessage)
    worker.once('exit', onExit)
    worker.once('error', (err) => fail(`threw while it loaded: ${String(err?.message ?? err).split('\n')[0]}`))
  })
}

/**
 * Runs the section once in `thread` and ends the thread when it settles: its result, or a drop
 * with its own code (a stray rejection, process.exit). When the section's signal aborts (its
 * timeout, a cancelled run) the thread is stopped at once, busy or not.
 */
export function runInThread(thread: SectionThread, ctx: SectionContext<any>): Promise<unknown> {
  const { worker } = thread
  const { model, files, host } = ctx.capabilities
  return new Promise((resolve, reject) => {
    let settled = false
    const end = (settle: () => void) => {
      if (settled) return
      settled = true
      ctx.signal.removeEventListener('abort', onAbort)
      worker.off('message', onMessage)
      void worker.terminate()
      settle()
    }
    const drop = (code: DropCode, message: string) => end(() => reject(new SectionDropError(code, message)))
    const onAbort = () => {
      const busy = Math.round(worker.performance.eventLoopUtilization().active)
      ctx.report.note(
        `its thread was stopped (${String((ctx.signal.reason as Error)?.message ?? ctx.signal.reason)}); its code had kept that thread busy for ${fmt(busy)} ms`,
      )
      end(() => reject(ctx.signal.reason))
    }
    const answer = (id: number, work: Promise<unknown> | undefined, call: Call) => {
      if (!work) return worker.postMessage({ type: 'answer', id, ok: false, message: `${call}: the host offers no such capability` })
      work.then(
        (value) => !settled && worker.postMessage({ type: 'answer', id, ok: true, value }),
        (err) => !settled && worker.postMessage({ type: 'answer', id, ok: false, message: String((err as Error)?.message ?? err) }),
      )
    }
    const onMessage = (m: FromWorker) => {
      if (m.type === 'call') {
        const req = m.req as never
        const work =
          m.call === 'files.read' ? files?.read(req, ctx.signal) : m.call === 'model.fork' ? model?.fork(req, ctx.signal) : model?.complete(req, ctx.signal)
        answer(m.id, work, m.call)
      } else if (m.type === 'note') ctx.report.note(m.text)
      else if (m.type === 'result') end(() => resolve(m.value))
      else if (m.type === 'threw') {
        const { name, message, code, record } = m.error
        const chosen = name === 'SectionDropError' && typeof code === 'string' && code in DROP_CODES
        end(() => reject(chosen ? new SectionDropError(code as DropCode, message, record) : new Error(message)))
      } else if (m.type === 'stray') drop('SECTION_STRAY_REJECTION', `left a promise behind that rejected with nothing to handle it: ${m.message}`)
      else if (m.type === 'uncaught') drop('SECTION_THREW', `threw outside its promise (in a callback): ${m.message}`)
      else if (m.type === 'exit') drop('SECTION_EXITED', `called process.exit(${m.code}), which ended its thread`)
    }
    worker.on('message', onMessage)
    worker.once('exit', (code) => drop('SECTION_EXITED', `its thread ended before it answered (exit code ${code})`))
    worker.once('error', (err) => drop('SECTION_THREW', `its thread failed: ${String(err?.message ?? err).split('\n')[0]}`))
    ctx.signal.addEventListener('abort', onAbort, { once: true })
    worker.ref() // a running section keeps the process alive, as one in this thread would
    try {
      worker.postMessage({
        type: 'run',
        ctx: {
          name: ctx.name,
          input: ctx.input,
          options: ctx.options,
          budgetChars: ctx.budgetChars,
          timeoutMs: ctx.timeoutMs,
          needed: ctx.needed,
          host,
          model: model !== null,
          files: files !== null,
        },
      })
    } catch (err) {
      end(() => reject(new Error(`its context could not be handed to its thread: ${(err as Error).message}`)))
    }
  })
}
