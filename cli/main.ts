/**
 * `compact-handoff`: the command-line front door to the pipeline. Each command lives in its own
 * module; this file only dispatches and turns errors into one line, with their code from the
 * catalogue (pipeline/codes.ts) and the exit status that code carries.
 */
import { ERROR_CODES, HandoffError } from '../pipeline/codes.ts'
import type { Command } from './command.ts'
import { commandsModule, keepCodeCacheOnSuccess } from './commands-module.ts'
import { forTerminal } from './terminal.ts'

declare const __CH_VERSION__: string
export const VERSION = typeof __CH_VERSION__ === 'string' ? __CH_VERSION__ : '0.0.0-dev'

/**
 * Each command's module is loaded only when it runs: every compaction starts a fresh process for
 * `engine`, and what it does not parse it does not pay for. In the bundle, all but `report` run
 * from CommonJS files with V8's code cache (./commands-module.ts): a command's second run starts
 * from what its first one compiled. Each command keeps its cache (`use`); each history tool too,
 * as they call different code.
 */
const commands: Record<string, { summary: string; load: (use: string) => Promise<Command> }> = {
  build: { summary: 'build the handoff for a transcript on disk', load: async (use) => (await commandsModule('commands', use)).buildCommand },
  status: {
    summary: "a session's compactions, its history reads, the search index",
    load: async (use) => (await commandsModule('history', use)).statusCommand,
  },
  list: { summary: "list a session's compactions, or every session that compacted", load: async (use) => (await commandsModule('history', use)).listCommand },
  lookup: {
    summary: 'read back a stored handoff, summary, conversation, row or section',
    load: async (use) => (await commandsModule('history', use)).lookupCommand,
  },
  search: { summary: 'search what earlier compactions replaced', load: async (use) => (await commandsModule('history', use)).searchCommand },
  report: {
    summary: 'the store as one HTML page: occupancy, handoffs, cost, fallbacks, the watch, A/B, quality (--ab: the arms compared, as text)',
    load: async () => (await import('./report.ts')).reportCommand,
  },
  index: {
    summary: 'add every stored text the search index lacks (--rebuild: from scratch)',
    load: async (use) => (await commandsModule('history', use)).indexCommand,
  },
  engine: { summary: '(internal) run one compaction for the plugin', load: async (use) => (await commandsModule('commands', use)).engineCommand },
  tool: { summary: '(internal) answer one history tool call for the plugin', load: async (use) => (await commandsModule('history', use)).toolCommand },
}

/** The commands a person runs; the internal ones are the plugin's. */
const publicCommands = () => Object.entries(commands).filter(([, c]) => !c.summary.startsWith('(internal)'))

function help(): string {
  const rows = publicCommands().map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  return [
    `compact-handoff ${VERSION}: build a compaction handoff from a Claude Code transcript`,
    '',
    'Usage: compact-handoff <command> [options]   (compact-handoff <command> --help for more)',
    '',
    'Commands:',
    ...rows,
    '',
    'Exit codes: 0 ok, 1 invalid config or input, 2 usage error, 3 internal error; an error line ends with its code:',
    ...Object.entries(ERROR_CODES).map(([code, c]) => `  ${code.padEnd(22)} ${c.exit}  ${c.means}`),
  ].join('\n')
}

export async function main(argv: string[]): Promise<number> {
  // Everything this process creates holds conversation history: owner-only, the lock folders
  // SQLite makes with a bare mkdir included (our own files and folders set 0600/0700 anyway).
  process.umask(0o077)
  const verbose = argv.includes('--verbose')
  const [name, ...rest] = argv.filter((a) => a !== '--verbose')
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help() + '\n')
    return name ? 0 : ERROR_CODES.USAGE.exit
  }
  if (name === '--version') {
    process.stdout.write(VERSION + '\n')
    return 0
  }
  const entry = commands[name]
  if (!entry) {
    const names = publicCommands().map(([n]) => n)
    process.stderr.write(`compact-handoff: unknown command "${name}" (commands: ${names.join(', ')}) [USAGE]\n`)
    return ERROR_CODES.USAGE.exit
  }
  // The cache a run keeps is named by what it ran: the command, and which tool for `tool`.
  const use = name === 'tool' && /^[a-z_]{1,40}$/.test(rest[0] ?? '') ? `tool-${rest[0]}` : name
  const command = await entry.load(use)
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`)
    return 0
  }
  // Only a run that did its work leaves a cache (one that exits 0, which the engine child does by
  // itself): a usage error or --help compiles little worth keeping, and a kept cache is never
  // replaced while V8 takes it.
  keepCodeCacheOnSuccess()
  try {
    return await command.run(rest)
  } catch (err) {
    if (HandoffError.is(err)) {
      process.stderr.write(forTerminal(`compact-handoff ${name}: ${err.message} [${err.code}]`) + '\n')
      if (verbose && err.stack) process.stderr.write(err.stack + '\n')
      return err.exitCode
    }
    const e = err as Error
    process.stderr.write(
      forTerminal(`compact-handoff ${name}: internal error: ${e?.message ?? String(err)}${verbose ? '' : ' (--verbose for the stack)'} [INTERNAL]`) + '\n',
    )
    if (verbose && e?.stack) process.stderr.write(e.stack + '\n')
    return ERROR_CODES.INTERNAL.exit
  }
}

// Run when executed directly (the bundle, or `tsx cli/main.ts`), not when imported by tests.
const invoked = process.argv[1] ?? ''
if (/compact-handoff(\.mjs)?$|cli[\\/]main\.ts$/.test(invoked)) {
  main(process.argv.slice(2)).then(
    // exitCode, not exit(): a large handoff piped to another program must be written out whole.
    (code) => {
      process.exitCode = code
    },
    (err) => {
      process.stderr.write(`compact-handoff: ${String(err)} [INTERNAL]\n`)
      process.exitCode = ERROR_CODES.INTERNAL.exit
    },
  )
}
