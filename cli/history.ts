/**
 * `compact-handoff status|list|lookup|search|index`, and `tool <name>` for the plugin's hooks
 * module: the history tools from a command line. The same functions answer both (store/tools.ts),
 * so what a session reads back and what a person reads back are the same text.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { HandoffError } from '../pipeline/codes.ts'
import { StoreError } from '../store/read.ts'
import { reindexStore } from '../store/search.ts'
import { checkArgs, runTool, slashCommand, TOOL_NAMES, type ToolAnswer, type ToolContext, type ToolName } from '../store/tools.ts'
import { resolveDataDir } from '../store/write.ts'
import { type Command, usageError } from './command.ts'
import { forTerminal, jsonForTerminal } from './terminal.ts'

declare const __CH_VERSION__: string
const VERSION = typeof __CH_VERSION__ === 'string' ? __CH_VERSION__ : '0.0.0-dev'

export const EXIT = 'Exit codes: 0 ok, 1 refused (an unknown session, a compaction or line that is not there), 2 usage error, 3 internal error.'
export const COMMON = `  --data-dir DIR      the store (default: COMPACT_HANDOFF_DATA_DIR, else ~/.claude/compact-handoff)
  --json              print the answer as JSON
  --verbose           stack traces on errors`

export type Flags = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>

function parse(argv: string[], options: Flags, usage: string) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: { 'data-dir': { type: 'string' }, json: { type: 'boolean' }, ...options } })
  } catch (err) {
    throw usageError(usage, err)
  }
}

function int(flag: string, v: string | boolean | undefined): number | undefined {
  if (v === undefined || typeof v === 'boolean') return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw new HandoffError('USAGE', `--${flag} takes a whole number from 1 (got "${v}")`)
  return n
}

/** A data dir that is a file, or that this user cannot read, is one plain line (exit 1); a
 *  missing one is an empty store, and reading it creates nothing. */
function checkDataDir(dir: string): void {
  let stats
  try {
    stats = statSync(dir)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return
    throw new HandoffError('DATA_DIR_UNUSABLE', `the data dir ${dir} cannot be read (${code ?? (err as Error).message})`)
  }
  if (!stats.isDirectory()) throw new HandoffError('DATA_DIR_UNUSABLE', `the data dir ${dir} is not a directory (--data-dir or COMPACT_HANDOFF_DATA_DIR)`)
  try {
    accessSync(dir, constants.R_OK | constants.X_OK)
  } catch (err) {
    throw new HandoffError('DATA_DIR_UNUSABLE', `the data dir ${dir} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`)
  }
}

function context(values: Record<string, unknown>): ToolContext {
  return {
    dataDir: resolveDataDir(values['data-dir'] as string | undefined),
    sessionId: (values.session as string | undefined) ?? null,
    live: null,
    pluginVersion: VERSION,
    by: 'cli',
  }
}

/** Runs a history tool for a command: arguments its schema refuses (`--mode bogus`) are a mistake
 *  in the command line (USAGE, exit 2), checked before the store is read; the store's own
 *  refusals stay STORE_REFUSED. */
async function runFor(name: ToolName, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolAnswer> {
  try {
    checkArgs(name, args)
  } catch (err) {
    if (err instanceof StoreError) throw new HandoffError('USAGE', err.message)
    throw err
  }
  return runTool(name, args, ctx)
}

function print(answer: ToolAnswer, json: boolean): number {
  if (answer.error) throw new HandoffError('STORE_REFUSED', answer.text.replace(/^handoff_\w+: /, ''))
  process.stdout.write(json ? `${jsonForTerminal(answer.data)}\n` : forTerminal(`${answer.text}\n`))
  return 0
}

export function command(summary: string, usage: string, flags: Flags, run: (values: Record<string, any>, positionals: string[]) => Promise<number>): Command {
  return {
    summary,
    usage,
    async run(argv) {
      const { values, positionals } = parse(argv, flags, usage)
      const dataDir = resolveDataDir(values['data-dir'] as string | undefined)
      checkDataDir(dataDir)
      try {
        return await run(values, positionals)
      } catch (err) {
        if (err instanceof StoreError) throw new HandoffError('STORE_REFUSED', err.message)
        // The store's files themselves unreadable: said as one line, like the data dir.
        const code = (err as NodeJS.ErrnoException)?.code
        if (code === 'EACCES' || code === 'EPERM' || code === 'ENOTDIR') {
          throw new HandoffError('DATA_DIR_UNUSABLE', `cannot read the store in ${dataDir}: ${(err as Error).message}`)
        }
        throw err
      }
    },
  }
}

export const statusCommand = command(
  "a session's compactions, its history reads, the search index",
  `Usage: compact-handoff status [--session ID] [options]

What handoff_status tells a session: its compactions, how much history it read back, the search
index. Without --session, the store and its index only.

Options:
  --session ID        the session to report on
${COMMON}

${EXIT}`,
  { session: { type: 'string' } },
  async (v) => print(await runFor('handoff_status', {}, context(v)), !!v.json),
)

export const listCommand = command(
  "list a session's compactions, or every session that compacted",
  `Usage: compact-handoff list [--session ID | --all] [--limit N] [options]

A session's compactions with their files and sections; with --all (or no --session), every
session in the store's index.jsonl, newest first.

Options:
  --session ID        one session
  --all               every session
  --limit N           at most N (default 50)
${COMMON}

${EXIT}`,
  { session: { type: 'string' }, all: { type: 'boolean' }, limit: { type: 'string' } },
  async (v) => {
    const args = {
      ...(v.all ? { scope: 'all' } : {}),
      ...(v.all ? {} : v.session ? { session: v.session } : {}),
      ...(v.limit ? { limit: int('limit', v.limit) } : {}),
    }
    return print(await runFor('handoff_list', args, context({ ...v, session: v.all ? undefined : v.session })), !!v.json)
  },
)

export const lookupCommand = command(
  'read back a stored handoff, summary, conversation, row or section',
  `Usage: compact-handoff lookup --session ID [--n N] [--file F | --section NAME] [--from L] [--to L] [options]

Prints lines of what a compaction stored, numbered as search cites them (at most 400 lines or
40,000 chars at a time; the last line says how to go on).

Options:
  --session ID        the session (required)
  --n N               the compaction (default: the newest)
  --file F            handoff (default), summary, transcript (the conversation as it stood) or row
  --section NAME      one section of the handoff, with its full record (e.g. ledger)
  --from L, --to L    the lines to print (from 1)
  --mode M            live or rehearsal, when a session has both (default: live first)
${COMMON}

${EXIT}`,
  {
    session: { type: 'string' },
    n: { type: 'string' },
    file: { type: 'string' },
    section: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    mode: { type: 'string' },
  },
  async (v) => {
    if (!v.session) throw new HandoffError('USAGE', 'lookup needs --session ID (compact-handoff list --all names them)')
    const args: Record<string, unknown> = {}
    for (const k of ['n', 'from', 'to'] as const) if (v[k] !== undefined) args[k] = int(k, v[k])
    for (const k of ['file', 'section', 'mode'] as const) if (v[k] !== undefined) args[k] = v[k]
    return print(await runFor('handoff_lookup', args, context(v)), !!v.json)
  },
)

export const searchCommand = command(
  'search what earlier compactions replaced',
  `Usage: compact-handoff search <words...> [--session ID] [--limit N] [options]

Finds the words in order (the last one as a prefix, any case) in every stored conversation,
handoff and summary, newest compaction first; each match cites its session, n, file and line.

Options:
  --session ID        one session only (default: every session)
  --limit N           at most N matches (default 20, at most 100)
${COMMON}

${EXIT}`,
  { session: { type: 'string' }, limit: { type: 'string' } },
  async (v, positionals) => {
    const query = positionals.join(' ').trim()
    if (!query) throw new HandoffError('USAGE', 'search needs the words to find: compact-handoff search <words...>')
    const args = { query, ...(v.session ? { session: v.session } : { scope: 'all' }), ...(v.limit ? { limit: int('limit', v.limit) } : {}) }
    return print(await runFor('handoff_search', args, context(v)), !!v.json)
  },
)

export const indexCommand = command(
  'add every stored text the search index lacks (--rebuild: from scratch)',
  `Usage: compact-handoff index [--rebuild] [options]

Compactions index their own texts as they are stored. This adds whatever the index lacks: a store
written before the index existed, or texts an indexing run could not add. --rebuild starts from
an empty index.

Options:
  --rebuild           drop the index and index everything
${COMMON}

${EXIT}`,
  { rebuild: { type: 'boolean' } },
  async (v) => {
    const dataDir = resolveDataDir(v['data-dir'])
    const r = await reindexStore(dataDir, { rebuild: !!v.rebuild })
    process.stdout.write(
      v.json
        ? `${JSON.stringify(r)}\n`
        : `indexed ${r.docs} text${r.docs === 1 ? '' : 's'} (${r.chunks} chunks) from ${r.sessions} session${r.sessions === 1 ? '' : 's'} in ${r.ms} ms (${dataDir})\n`,
    )
    return 0
  },
)

const toolUsage = `Usage: compact-handoff tool <name>

Internal: the plugin's hooks module runs this for each history tool call. stdin is one JSON
object: { "args": {...}, "context": { "sessionId", "dataDir", "live", "pluginVersion" } }. The
answer (the tool's result text) is printed on stdout. <name> is one of ${TOOL_NAMES.join(', ')},
or handoff_command (what /handoff shows; args: { "words": "..." }).

Exit codes: 0 answered, 1 refused (the text says why in one line), 2 usage, 3 internal error.`

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export const toolCommand: Command = {
  summary: '(internal) answer one history tool call for the plugin',
  usage: toolUsage,
  async run(argv) {
    const name = argv[0]
    if (!name || argv.length !== 1) {
      process.stderr.write(`${toolUsage}\n`)
      return 2
    }
    let input: { args?: unknown; context?: Partial<ToolContext> }
    try {
      input = JSON.parse((await readStdin()) || '{}')
    } catch (err) {
      process.stdout.write(`${name}: the plugin sent arguments that are not JSON (${(err as Error).message})\n`)
      return 1
    }
    const c = input.context ?? {}
    const ctx: ToolContext = {
      dataDir: resolveDataDir(typeof c.dataDir === 'string' ? c.dataDir : undefined),
      sessionId: typeof c.sessionId === 'string' && c.sessionId ? c.sessionId : null,
      live: c.live === true,
      pluginVersion: typeof c.pluginVersion === 'string' ? c.pluginVersion : VERSION,
      by: 'tool',
    }
    const answer =
      name === 'handoff_command'
        ? await slashCommand(ctx, typeof (input.args as { words?: unknown })?.words === 'string' ? (input.args as { words: string }).words : '')
        : await runTool(name, input.args, ctx)
    process.stdout.write(`${answer.text}\n`)
    return answer.error ? 1 : 0
  },
}
