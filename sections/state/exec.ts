/**
 * Runs one external command for the state section: no shell, its own process group, a hard time
 * limit and the section's AbortSignal. When either fires the whole group is killed and the call
 * settles at once, rather than waiting on a grandchild that still holds the output pipe open.
 */
import type { spawn as Spawn } from 'node:child_process'

export type ExecResult =
  | { kind: 'ok'; stdout: string; ms: number }
  | { kind: 'failed'; code: number | null; signal: string | null; stderr: string; ms: number }
  /** The program is not on PATH (ENOENT from spawn). */
  | { kind: 'missing'; ms: number }
  | { kind: 'timeout'; ms: number }
  | { kind: 'aborted'; ms: number }
  /** Stdout passed maxBytes; the process was killed. */
  | { kind: 'too-large'; bytes: number; ms: number }
  /** Any other spawn error (EACCES, …). */
  | { kind: 'error'; message: string; ms: number }

export interface ExecOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  timeoutMs: number
  signal: AbortSignal
  /** Stdout larger than this is refused rather than buffered without end. */
  maxBytes?: number
}

const POSIX = process.platform !== 'win32'

/** Loaded on the first call: a CLI build over a transcript from another machine runs no program,
 *  and node:child_process (with the net and dgram modules it loads) costs ~3.5 ms to load. */
let spawnFn: typeof Spawn | null = null

export async function exec(file: string, args: string[], opts: ExecOptions): Promise<ExecResult> {
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  if (opts.signal.aborted) return { kind: 'aborted', ms: 0 }
  const spawn = (spawnFn ??= (await import('node:child_process')).spawn)
  if (opts.signal.aborted) return { kind: 'aborted', ms: ms() }

  return new Promise<ExecResult>((resolve) => {
    const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024
    const child = spawn(file, args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, so a kill reaches whatever it started (gh runs git, a script sleeps).
      detached: POSIX,
      windowsHide: true,
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    let outBytes = 0
    let errBytes = 0
    let settled = false

    const kill = () => {
      try {
        if (POSIX && child.pid) process.kill(-child.pid, 'SIGKILL')
        else child.kill('SIGKILL')
      } catch {
        // Already gone.
      }
      child.stdout?.destroy()
      child.stderr?.destroy()
    }
    const finish = (result: ExecResult, killIt = false) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      opts.signal.removeEventListener('abort', onAbort)
      if (killIt) kill()
      resolve(result)
    }
    const onAbort = () => finish({ kind: 'aborted', ms: ms() }, true)
    const timer = setTimeout(() => finish({ kind: 'timeout', ms: ms() }, true), Math.max(1, opts.timeoutMs))
    opts.signal.addEventListener('abort', onAbort, { once: true })

    child.stdout!.on('data', (chunk: Buffer) => {
      outBytes += chunk.length
      if (outBytes > maxBytes) return finish({ kind: 'too-large', bytes: outBytes, ms: ms() }, true)
      out.push(chunk)
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      // Only the first lines of stderr ever reach a reason; keep a little.
      if (errBytes < 8192) err.push(chunk)
      errBytes += chunk.length
    })
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') finish({ kind: 'missing', ms: ms() })
      else finish({ kind: 'error', message: e.message, ms: ms() }, true)
    })
    child.on('close', (code, signal) => {
      if (code === 0) finish({ kind: 'ok', stdout: Buffer.concat(out).toString('utf8'), ms: ms() })
      else finish({ kind: 'failed', code, signal, stderr: Buffer.concat(err).toString('utf8'), ms: ms() })
    })
  })
}

/** The first non-empty line of a program's stderr, clipped: enough to say why, never a dump. */
export function firstLine(text: string, max = 200): string {
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? ''
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
