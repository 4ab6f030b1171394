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
   * again is replaced; a session keeps at most 16.
   */
  beforeCompact(subscriber: CompactHandoffSubscriber): Promise<CompactHandoffSubscribed>
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
  trigger: 'manual' | 'auto' | 'plugin' | 'precompute'
  /** The messages in the conversation being compacted. */
  messageCount: number
}

declare module 'claude-code' {
  interface EngineInterface {
    compactHandoff: CompactHandoff
  }
}
