/**
 * The engine seam's subscribers as the pipeline sees them: each plugin that subscribed through
 * `$.compactHandoff.beforeCompact({ tool, name })` (plugin/hooks/seam.ts) is one more subscriber
 * whose `beforeCompact` tap asks the hooks module, over the bridge, to raise its tool. So there is
 * one mechanism: the same guarded tap, the same seamTimeoutMs, the same `seam` rows as a
 * `plugins:` package; a refused call is recorded as `denied`, a tool error or a failed call as
 * `threw`.
 */
import { SeamDeniedError, type Subscriber } from '../pipeline/pipeline.ts'
import type { SeamSubscriber } from '../plugin/hooks/protocol.ts'
import type { Bridge } from './bridge.ts'

export function seamSubscribers(subscribers: readonly SeamSubscriber[], bridge: Bridge): Subscriber[] {
  return subscribers.map(({ name, tool }) => ({
    name,
    apply(hooks) {
      hooks.beforeCompact.tapPromise(name, async (event) => {
        const { sessionId, trigger, messageCount } = event
        const answer = await bridge.request('seam.raise', { tool, name, sessionId, trigger, messageCount })
        if (answer.status === 'denied') throw new SeamDeniedError(`${tool} was denied: ${answer.reason}`)
        if (answer.status === 'error') throw new Error(`${tool} reported an error: ${answer.reason}`)
      })
    },
  }))
}
