/**
 * The context's occupancy at the end of each main turn, as one line of the session's
 * window.jsonl: plain functions, no `$` (./field makes the calls). See store/README.md.
 */

/** The counts the engine reports for a turn's requests (TurnUsage, in the API's spelling). */
export interface UsageCounts {
  input_tokens: number
  output_tokens: number
  cache_read_input_tokens: number
  cache_creation_input_tokens: number
}

export interface WindowRow {
  v: 1
  at: string
  /** 1-based index of the main turn in the session (resumed processes go on counting). */
  turn: number
  /** Tokens in context at the turn's end; null when the engine reported none (an aborted turn). */
  tokens: number | null
  window: number | null
  share: number | null
  /** 0 before the first compaction, n after compaction n. */
  phase: number
  /** Only on the first turn after a compaction: what the handoff took of the window. */
  handoffShare?: number
  /** The turn's own usage, summed over its requests as the engine reports it (for the record). */
  usage?: UsageCounts
  /** Why tokens is null. */
  reason?: string
}

export interface WindowFacts {
  at: Date
  turn: number
  phase: number
  /** The turn's usage (`turn.complete`'s `usage`), summed over every request the turn made. */
  usage?: UsageCounts
  /** `$.session.usage().context`: `tokens` is the input (uncached + cache-read + cache-written) the
   *  turn's last response was answered over; `window` the model's context window. */
  context?: { tokens?: number; window?: number }
  /** The handoff's tokens when this is the first turn after a compaction (its row's tokens.after). */
  handoffTokens?: number | null
}

const round = (x: number) => Math.round(x * 1e6) / 1e6

/**
 * The row for one turn. Tokens in context are the input of the turn's last request, cache read and
 * cache written included, as `context.tokens` reports it. The turn's own `usage` is no measure of
 * that: the engine sums it over every request of the turn, so a turn of three tool calls would count
 * its context four times. Output is left out: the final answer is carried by the next request, whose
 * row counts it; the turn's summed output would add every intermediate tool call's output too.
 * When the engine gives no context count, a turn of one request's usage is the same measure.
 */
export function windowRow(f: WindowFacts): WindowRow {
  const u = f.usage
  const fromUsage = u ? u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens : null
  const tokens = typeof f.context?.tokens === 'number' && f.context.tokens > 0 ? f.context.tokens : fromUsage && fromUsage > 0 ? fromUsage : null
  const window = typeof f.context?.window === 'number' && f.context.window > 0 ? f.context.window : null
  const row: WindowRow = {
    v: 1,
    at: f.at.toISOString(),
    turn: f.turn,
    tokens,
    window,
    share: tokens !== null && window !== null ? round(tokens / window) : null,
    phase: f.phase,
  }
  if (typeof f.handoffTokens === 'number' && f.handoffTokens > 0 && window !== null) row.handoffShare = round(f.handoffTokens / window)
  if (u)
    row.usage = {
      input_tokens: u.input_tokens,
      output_tokens: u.output_tokens,
      cache_read_input_tokens: u.cache_read_input_tokens,
      cache_creation_input_tokens: u.cache_creation_input_tokens,
    }
  if (tokens === null) row.reason = 'the engine reported no usage for this turn (interrupted, or an API error)'
  else if (window === null) row.reason = "the engine did not say the model's context window"
  return row
}

/** The newest whole line of window.jsonl's tail that parses: where a resumed session goes on from. */
export function lastWindowRow(tail: string): Pick<WindowRow, 'turn' | 'phase'> | null {
  const lines = tail.split('\n')
  // The tail may start mid-line and a killed writer may leave a torn last line: both are skipped.
  for (let i = lines.length - 1; i >= 0; i--) {
    try {
      const v = JSON.parse(lines[i]!) as Partial<WindowRow>
      if (typeof v.turn === 'number' && typeof v.phase === 'number') return { turn: v.turn, phase: v.phase }
    } catch {
      // not a whole line
    }
  }
  return null
}
