/**
 * `compact-handoff report --ab`: the A/B comparison of the arms (store/ab.ts) as text or JSON.
 * Kept apart from the rest of `report` so the HTML report can call `abSummary` for its own table.
 */
import { usageError } from './command.ts'
import { existsSync, statSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { HandoffError } from '../pipeline/codes.ts'
import { type AbOptions, type AbReport, abText, compareArms, readAbSessions } from '../store/ab.ts'
import { resolveDataDir } from '../store/write.ts'
import { forTerminal, jsonForTerminal } from './terminal.ts'

export const reportAbUsage = `Usage: compact-handoff report --ab [--min-sessions N] [--resamples N] [--seed N] [--data-dir DIR] [--json]

Compares the sessions the A/B draw put in the handoff arm with those it put in the stock arm
(abStockShare), on what the watch recorded over the turns after each compaction: files read
again that the handoff restored or named, listed commands run again, "File has not been read
yet" refusals, history tool calls, turns to the first tool call, compacting again. Each figure
is a session's mean over its compactions; the difference of the arms' means gets a percentile
bootstrap interval over sessions. With fewer than --min-sessions sessions in an arm it says
there are too few to tell.

Options:
  --min-sessions N    sessions each arm needs before it is compared (default 5)
  --resamples N       bootstrap resamples (default 2000)
  --seed N            the bootstrap's seed (default 1: the same store gives the same interval)
  --data-dir DIR      the store (default: COMPACT_HANDOFF_DATA_DIR, else ~/.claude/compact-handoff)
  --json              the comparison as JSON

Exit codes: 0 ok, 1 the data dir cannot be read, 2 usage error.`

/** The comparison of a store's arms, as a plain object. */
export async function abSummary(dataDir: string, opts: AbOptions = {}): Promise<AbReport> {
  return compareArms(await readAbSessions(dataDir), opts)
}

function whole(flag: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < min) throw new HandoffError('USAGE', `--${flag} takes a whole number from ${min} (got "${v}")`)
  return n
}

/** Runs `report --ab` with the rest of its arguments. */
export async function runReportAb(argv: string[]): Promise<number> {
  let values: Record<string, string | boolean | undefined>
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        ab: { type: 'boolean' },
        'min-sessions': { type: 'string' },
        resamples: { type: 'string' },
        seed: { type: 'string' },
        'data-dir': { type: 'string' },
        json: { type: 'boolean' },
      },
    }))
  } catch (err) {
    throw usageError(reportAbUsage, err)
  }
  const dataDir = resolveDataDir(values['data-dir'] as string | undefined)
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw new HandoffError('DATA_DIR_UNUSABLE', `the data dir ${dataDir} is not a directory`)
  const minSessions = whole('min-sessions', values['min-sessions'] as string | undefined, 1)
  const resamples = whole('resamples', values.resamples as string | undefined, 100)
  const seed = whole('seed', values.seed as string | undefined, 0)
  const report = await abSummary(dataDir, {
    ...(minSessions !== undefined ? { minSessions } : {}),
    ...(resamples !== undefined ? { resamples } : {}),
    ...(seed !== undefined ? { seed } : {}),
  })
  process.stdout.write(values.json ? `${jsonForTerminal(report)}\n` : forTerminal(`${abText(report)}\n`))
  return 0
}
