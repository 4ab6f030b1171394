/**
 * herdr, as plain functions: whether the session runs in a herdr pane, the argv of each herdr
 * command the plugin runs, the --seq every report carries, and how `agent explain` reads.
 * The adapter (./index) runs these argvs with `$.process.run`; ../tests/herdr.test.ts pins them.
 */

/** Who the reports claim to be: the same source and agent as herdr's own Claude integration. */
export const HERDR_SOURCE = 'herdr:claude'
export const HERDR_AGENT = 'claude'

/** After compacting: ask herdr every POLL_MS, hold on MARGIN_MS once idle, stop asking at LIMIT_MS. */
export const SETTLE_POLL_MS = 250
export const SETTLE_MARGIN_MS = 1_000
export const SETTLE_LIMIT_MS = 10_000
/** Each herdr command may run this long before it is killed. */
export const COMMAND_TIMEOUT_MS = 5_000

export interface HerdrPane {
  /** The herdr executable: HERDR_BIN_PATH, or `herdr` looked up on PATH. */
  bin: string
  /** HERDR_PANE_ID. */
  pane: string
}

/** The pane the session runs in, or null outside herdr (HERDR_ENV is not 1, or no pane id). */
export function herdrPane(env: { HERDR_ENV?: string; HERDR_PANE_ID?: string; HERDR_BIN_PATH?: string }): HerdrPane | null {
  const pane = env.HERDR_PANE_ID?.trim()
  if (env.HERDR_ENV?.trim() !== '1' || !pane) return null
  return { bin: env.HERDR_BIN_PATH?.trim() || 'herdr', pane }
}

/**
 * The --seq for the next report, in nanoseconds. herdr drops a report whose seq is not newer
 * than the last it took, and herdr's own hook stamps time.time_ns(); the last nanosecond of
 * the current millisecond is past any stamp taken up to now, and each report tops the one before.
 */
export function nextSeq(nowMs: number, previous: bigint): bigint {
  const endOfMs = BigInt(Math.floor(nowMs)) * 1_000_000n + 999_999n
  return endOfMs > previous ? endOfMs : previous + 1n
}

const claimant = ['--source', HERDR_SOURCE, '--agent', HERDR_AGENT]

/** Reports the pane idle, which overrides herdr's reading of the screen while the spinner runs. */
export function reportIdleArgv(p: HerdrPane, seq: bigint, sessionId: string): string[] {
  return [p.bin, 'pane', 'report-agent', p.pane, ...claimant, '--state', 'idle', '--seq', String(seq), '--agent-session-id', sessionId]
}

/** herdr's verdict on the pane's screen, as JSON with a `state`. */
export function explainArgv(p: HerdrPane): string[] {
  return [p.bin, 'agent', 'explain', p.pane, '--json']
}

/** Hands the pane back to herdr's screen detection. */
export function releaseArgv(p: HerdrPane, seq: bigint): string[] {
  return [p.bin, 'pane', 'release-agent', p.pane, ...claimant, '--seq', String(seq)]
}

/** Reports the session id again: releasing the pane also forgets the session herdr resumes after a restart. */
export function reportSessionArgv(p: HerdrPane, seq: bigint, sessionId: string): string[] {
  return [p.bin, 'pane', 'report-agent-session', p.pane, ...claimant, '--seq', String(seq), '--agent-session-id', sessionId]
}

/** The `state` of `agent explain --json` output, or null when it is not that JSON. */
export function screenState(stdout: string): string | null {
  try {
    const parsed: unknown = JSON.parse(stdout)
    if (parsed && typeof parsed === 'object' && 'state' in parsed && typeof parsed.state === 'string') return parsed.state
  } catch {
    // not JSON: no reading
  }
  return null
}
