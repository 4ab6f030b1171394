/**
 * The history tools' calls as the hooks module answers them: the model's arguments in, the Node
 * process's answer out, or why there is none. Their names and schemas are in ./protocol.
 */

/** The model's arguments: the event's fields less the ones the engine puts beside them. */
export function toolArgs(e: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(e)) if (!['tool', 'tool_use_id', 'agentId', 'requestMeta'].includes(k)) out[k] = v
  return out
}

/** What the tool answers, from the Node process's run: its text, or one line saying why there is none. */
export function toolText(name: string, r: { exitCode: number; stdout: string; stderr: string } | { failed: string }): string {
  if ('failed' in r) return `${name}: could not run the history tools: ${r.failed}`
  const out = r.stdout.trim()
  // 0: answered; 1: refused, the text says why. Anything else is a crash: say how it ended.
  if ((r.exitCode === 0 || r.exitCode === 1) && out) return out
  const why = r.stderr.trim().split('\n').filter(Boolean).slice(-1)[0] ?? 'no output'
  return `${name}: the history tools exited with code ${r.exitCode}: ${why.slice(0, 300)}`
}

/** What a history tool answers when its hook failed (threw or ran out of time) before answering. */
export function unanswered(what: string, error: { kind: string; message?: string }): string {
  return `${what}: the history tool did not answer (${error.kind}${error.message ? `: ${error.message}` : ''})`
}
