// compact-handoff's contract for other plugins: the `compactHandoff` noun its hooks module adds to
// `$` at engine.create. A plugin that lists compact-handoff under "dependencies" in its plugin.json
// gets this file in its .claude-plugin/types/ and calls `$.compactHandoff.*` typed.

/**
 * `$.compactHandoff`: subscribe one of your plugin's tools to this session's compactions.
 *
 * @example
 * on('session.start', async ($, e, next) => {
 *   const started = await next(e)
 *   const { tool } = await $.tool.register({ name: 'compacting', description: '…', inputSchema })
 *   await $.compactHandoff.beforeCompact({ tool, name: 'my-plugin' })
 *   return started
 * })
 * on('tool.call', { tool: 'mcp__my-plugin__compacting' }, ($, e) => ({ result: 'noted' }))
 */
export type CompactHandoff = {
  /**
   * Before each compaction of this session (rehearsed or live), the tool is raised with
   * `$.tool.call({ tool, ...CompactHandoffToolInput })`, beside every other subscriber, under the
   * pipeline's `seamTimeoutMs` (5,000 ms by default). How it answered is recorded on the
   * compaction's row, `seam`, under `name` with hook `beforeCompact`: `ok`, `denied` (the call was
   * refused), `threw` (it rejected, or the tool reported an error) or `timedOut`. The compaction
   * never waits past the timeout and its handoff never depends on the answer. A name subscribed
   * again is replaced; a session keeps at most 16 subscriptions.
   */
  beforeCompact(subscriber: CompactHandoffSubscriber): Promise<CompactHandoffSubscribed>
  /**
   * After each compaction's handoff is final, the tool is raised the same way (`phase: 'after'`):
   * live, just before the engine takes the handoff as the compaction; rehearsing, once the handoff
   * stored beside the engine's own compaction is built (after that compaction). Recorded under
   * `name` with hook `done`. With `beforeCompact`, what a plugin that must act around a compaction
   * needs when compact-handoff answers it without letting the hooks beneath it run (live).
   */
  afterCompact(subscriber: CompactHandoffSubscriber): Promise<CompactHandoffSubscribed>
  /** compact-handoff's version, e.g. "0.1.0". */
  version(): Promise<string>
}

export type CompactHandoffSubscriber = {
  /** Your tool's full name, as `$.tool.register` resolved it: `mcp__<plugin>__<name>`. */
  tool: string
  /** What the row records your outcomes under: 1 to 64 letters, digits or `. _ - @ /`. */
  name: string
}

export type CompactHandoffSubscribed = { isSubscribed: true; subscribers: number } | { isSubscribed: false; reason: string }

/** The fields your tool's call carries (flat on `e` in its `tool.call` hook). */
export type CompactHandoffToolInput = {
  sessionId: string
  /** As the engine raised the compaction, except `idle`: the engine's own idle compaction (an
   *  `auto` one between turns), as compact-handoff's row records it. */
  trigger: 'manual' | 'auto' | 'plugin' | 'precompute' | 'idle'
  /** The messages in the conversation being compacted. */
  messageCount: number
  /** Which subscription raised it: `beforeCompact` or `afterCompact`. */
  phase: 'before' | 'after'
  /** `live`: the handoff is the compaction; `rehearsal`: the engine compacts as it would have, and
   *  the handoff is stored beside it. */
  mode: 'live' | 'rehearsal'
}

declare module 'claude-code' {
  interface EngineInterface {
    compactHandoff: CompactHandoff
  }
}
