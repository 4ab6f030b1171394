/**
 * The engine seam's subscribers as the pipeline sees them: each plugin that subscribed through
 * `$.compactHandoff.beforeCompact({ tool, name })` or `.afterCompact(…)` (plugin/hooks/seam.ts) is
 * one more subscriber whose `beforeCompact` (or `done`) tap asks the hooks module, over the bridge,
 * to raise its tool. So there is
 * one mechanism: the same guarded tap, the same seamTimeoutMs, the same `seam` rows as a
 * `plugins:` package; a refused call is recorded as `denied`, a tool error or a failed call as
 * `threw`.
 */
import { SeamDeniedError, type Subscriber } from '../pipeline/pipeline.ts'
import type { SeamSubscriber } from '../plugin/hooks/protocol.ts'
import type { Bridge } from './bridge.ts'

/** What every raise of this compaction carries besides the tool: the `beforeCompact` event's
 *  fields, and whether the handoff is the compaction (`live`) or stored beside it. */
export interface SeamRun {
  sessionId: string
  trigger: string
  messageCount: number
  mode: 'live' | 'rehearsal'
}

export function seamSubscribers(subscribers: readonly SeamSubscriber[], bridge: Bridge, run: SeamRun): Subscriber[] {
  return subscribers.map(({ name, tool, hook }) => ({
    name,
    apply(hooks) {
      const raise = async (phase: 'before' | 'after') => {
        const answer = await bridge.request('seam.raise', { tool, name, ...run, phase })
        if (answer.status === 'denied') throw new SeamDeniedError(`${tool} was denied: ${answer.reason}`)
        if (answer.status === 'error') throw new Error(`${tool} reported an error: ${answer.reason}`)
      }
      if (hook === 'beforeCompact') hooks.beforeCompact.tapPromise(name, () => raise('before'))
      else hooks.done.tapPromise(name, () => raise('after'))
    },
  }))
}
