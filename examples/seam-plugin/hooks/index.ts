/**
 * seam-log: subscribes to compact-handoff's compactions through its engine noun, with no Node
 * code. At session start it registers a tool and hands its name to
 * `$.compactHandoff.beforeCompact`; before each compaction compact-handoff raises that tool with
 * the trigger and the message count, and the tool appends one JSON line to `compactions.jsonl`
 * in this plugin's data folder. compact-handoff records how the call answered on the
 * compaction's row (`seam`), under the name given here.
 */
import type { EngineInterface, Register } from 'claude-code'

const NAME = 'seam-log'
/** The engine's name for the tool below: mcp__<this plugin>__<its name>. */
const TOOL = 'mcp__seam-log__compacting'

/** What compact-handoff's call carries, flat on the tool.call event (its CompactHandoffToolInput). */
interface Compacting {
  sessionId?: unknown
  trigger?: unknown
  messageCount?: unknown
}

/** Appends one line to the log. $.fs has no append: the file is read and written back whole,
 *  which is enough for a log that grows by one short line per compaction. */
async function appendLine($: EngineInterface, e: Compacting): Promise<string> {
  const env = await $.process.hookEnv()
  const file = `${env.CLAUDE_PLUGIN_DATA}/compactions.jsonl`
  const before = (await $.fs.exists(file)) ? await $.fs.read(file) : ''
  const line = JSON.stringify({ at: new Date().toISOString(), sessionId: e.sessionId, trigger: e.trigger, messages: e.messageCount })
  await $.fs.write(file, `${before}${line}\n`)
  return file
}

export const register: Register = (on) => {
  on('session.start', async ($, e, next) => {
    const started = await next(e)
    const { tool } = await $.tool.register({
      name: 'compacting',
      description: 'seam-log: compact-handoff calls this before each compaction; not for the model to call.',
      inputSchema: {
        type: 'object',
        properties: { sessionId: { type: 'string' }, trigger: { type: 'string' }, messageCount: { type: 'integer' } },
      },
    })
    try {
      const answer = await $.compactHandoff.beforeCompact({ tool, name: NAME })
      if (!answer.isSubscribed) $.ui.log(`seam-log: compact-handoff refused the subscription: ${answer.reason}`)
    } catch (err) {
      // No compact-handoff in this session (or one without the noun): nothing to subscribe to.
      $.ui.log(`seam-log: not subscribed (is compact-handoff installed?): ${(err as Error)?.message ?? String(err)}`, { to: 'debug' })
    }
    return started
  })

  on('tool.call', { tool: TOOL }, async ($, e) => {
    const file = await appendLine($, e as unknown as Compacting)
    return { result: `seam-log: noted in ${file}` }
  })
}
