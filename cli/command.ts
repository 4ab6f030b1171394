import { HandoffError } from '../pipeline/codes.ts'

/** What every command module exports: the dispatcher (cli/main.ts) loads it and runs it. */
export interface Command {
  summary: string
  usage: string
  run(argv: string[]): Promise<number>
}

/**
 * A command line node's parseArgs refused, as one line that says which option and points at the
 * command's --help (its usage starts `Usage: compact-handoff <name>`), rather than parseArgs'
 * own advice followed by the whole help text.
 */
export function usageError(usage: string, err: unknown): HandoffError {
  const name = /^Usage: (compact-handoff \S+)/.exec(usage)?.[1] ?? 'compact-handoff'
  const e = err as Error & { code?: string }
  const option = /'([^']+)'/.exec(e.message)?.[1]
  const what = e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option ? `unknown option ${option}` : e.message.replace(/\.$/, '')
  return new HandoffError('USAGE', `${what} (${name} --help lists the options)`)
}
