/**
 * The engine seam: the `compactHandoff` noun other Claude Code plugins call to subscribe to this
 * session's compactions, and the raise of each subscriber's tool when the pipeline child asks for
 * it. The subscribers are handed to the child with the event; there each becomes one more
 * `beforeCompact` tap (engine/seam-subscribers.ts), under the same seamTimeoutMs and recorded on
 * the same `seam` rows as a `plugins:` package's taps. The contract is ../types/index.d.ts.
 */
import type { EngineInterface } from 'claude-code'
import type { BridgeRequestArgs, BridgeSeamValue, SeamHook, SeamSubscriber } from './protocol'
import { PLUGIN_VERSION } from './version'

/** The noun as ../types/index.d.ts declares it on `$`. */
type CompactHandoff = EngineInterface['compactHandoff']
type CompactHandoffSubscribed = Awaited<ReturnType<CompactHandoff['beforeCompact']>>

/** The most subscriptions one session keeps: each is raised on every compaction. */
export const MAX_SUBSCRIBERS = 16

/** This session's subscriptions by hook and name (the hooks module's memory lives as long as the
 *  session). */
const subscribers = new Map<string, SeamSubscriber>()

/** The engine's name of a tool a plugin registered: `mcp__<plugin>__<tool>`. */
const PLUGIN_TOOL = /^mcp__[A-Za-z0-9._-]+__[A-Za-z0-9_-]+$/
const NAME = /^[A-Za-z0-9][\w.@/-]{0,63}$/

/** Checks and keeps one subscription; a name subscribed again to the same hook is replaced. Never
 *  throws: a wrong call is answered with why, so the caller's plugin can say so. */
export function subscribe(input: unknown, hook: SeamHook = 'beforeCompact'): CompactHandoffSubscribed {
  const v = (input ?? {}) as { tool?: unknown; name?: unknown }
  if (typeof v.tool !== 'string' || !PLUGIN_TOOL.test(v.tool)) {
    return {
      isSubscribed: false,
      reason: `tool must be the full name $.tool.register gave your tool, mcp__<plugin>__<name> (got ${JSON.stringify(v.tool ?? null)})`,
    }
  }
  if (typeof v.name !== 'string' || !NAME.test(v.name)) {
    return { isSubscribed: false, reason: `name must be 1 to 64 letters, digits or . _ - @ / (got ${JSON.stringify(v.name ?? null)})` }
  }
  const key = `${hook} ${v.name}`
  if (!subscribers.has(key) && subscribers.size >= MAX_SUBSCRIBERS) {
    return { isSubscribed: false, reason: `this session has ${MAX_SUBSCRIBERS} subscriptions already` }
  }
  subscribers.set(key, { name: v.name, tool: v.tool, hook })
  return { isSubscribed: true, subscribers: subscribers.size }
}

/** The subscribers as the child receives them, in the order they subscribed. */
export function seamSubscribers(): SeamSubscriber[] {
  return [...subscribers.values()]
}

/** The noun `engine.create` adds to `$`. */
export function compactHandoffNoun(): CompactHandoff {
  return {
    beforeCompact: async (subscriber) => subscribe(subscriber, 'beforeCompact'),
    afterCompact: async (subscriber) => subscribe(subscriber, 'afterCompact'),
    version: async () => PLUGIN_VERSION,
  }
}

/**
 * Raises one subscriber's tool with what its tap is told. `{ deny }` (the engine or
 * a hook refused the call) and a result the tool marked as an error are answers; a call that
 * rejects (no such tool) rejects, and the child records it as threw.
 */
export async function raiseSubscriber($: EngineInterface, args: BridgeRequestArgs['seam.raise']): Promise<BridgeSeamValue> {
  const { tool, sessionId, trigger, messageCount, phase, mode } = args
  // subscribe() let through only names of this shape.
  const answer = await $.tool.call({ tool: tool as `mcp__${string}__${string}`, sessionId, trigger, messageCount, phase, mode })
  if (typeof answer.deny === 'string') return { status: 'denied', reason: answer.deny || 'denied' }
  if ((answer as { isError?: unknown }).isError === true) {
    const text = (answer as { text?: unknown }).text
    return { status: 'error', reason: typeof text === 'string' && text ? text.slice(0, 500) : 'the tool reported an error' }
  }
  return { status: 'ok' }
}
