/**
 * `compact-handoff report`: the store as one self-contained HTML page (report/page.ts), for one session
 * or every session. Loaded only when it runs (cli/main.ts), so no other command parses the
 * charting library.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { HandoffError } from '../pipeline/codes.ts'
import { StoreError } from '../store/read.ts'
import { resolveDataDir } from '../store/write.ts'
import type { Command } from './command.ts'
import { checkOutPath, writeOut } from './output.ts'
import { COMMON, command, EXIT } from './history.ts'
import { reportAbUsage, runReportAb } from './report-ab.ts'
import { jsonForTerminal } from './terminal.ts'
import { readReport } from './report/data.ts'
import { renderPage } from './report/page.ts'

export const DEFAULT_OUT = 'compact-handoff-report.html'

const pageCommand = command(
  'the store as one HTML page: occupancy, handoffs, cost, fallbacks, the watch, A/B, quality',
  `Usage: compact-handoff report [--session ID] [--out FILE] [--quality FILE] [options]

Writes one self-contained HTML file (styles and charts inline, no script, nothing fetched) for a
session, or for every session in the store: context occupancy by turn with the compactions
marked, each handoff's sections (chars, ms, what was left out and why), model cost per
compaction, fallbacks and their reasons, what the turns after each compaction did, the A/B arms,
and the quality bench's latest results. What an older store never recorded is said so.

Options:
  --session ID        one session (default: the whole store)
  --out FILE          where to write the page (default: ./${DEFAULT_OUT})
  --quality FILE      the quality bench's results (default: bench/results/quality.json in the
                      working folder, else in the clone this CLI runs from, when there is one)
${COMMON.replace('print the answer as JSON', "print the page's figures as JSON instead")}

${EXIT}`,
  { session: { type: 'string' }, out: { type: 'string' }, quality: { type: 'string' } },
  async (v) => {
    const dataDir = resolveDataDir(v['data-dir'])
    const out = resolve(v.out ?? DEFAULT_OUT)
    if (!v.json) checkOutPath('--out', out)
    // A file asked for by name that is not there is a mistake in the command, not an empty chart.
    if (v.quality && !existsSync(resolve(v.quality))) throw new HandoffError('USAGE', `--quality ${v.quality}: no such file`)
    const data = await readReport(dataDir, { session: v.session ?? null, ...(v.quality ? { quality: resolve(v.quality) } : {}) })
    if (v.session && data.sessions.length === 0) throw new StoreError(`no session ${JSON.stringify(v.session)} in the store (${dataDir})`)
    if (v.json) {
      process.stdout.write(`${jsonForTerminal(data)}\n`)
      return 0
    }
    const html = await renderPage(data)
    await writeOut(out, html)
    const compactions = data.sessions.reduce((n, s) => n + s.compactions.length, 0)
    // An empty page is not a failure (a store fills as sessions compact), but where it looked is said.
    const empty =
      data.sessions.length === 0
        ? `; the store at ${dataDir} ${existsSync(dataDir) ? 'holds no compaction yet' : 'does not exist (--data-dir or COMPACT_HANDOFF_DATA_DIR)'}`
        : ''
    process.stdout.write(`wrote ${out} (${Math.round(html.length / 1024)} KB): ${data.sessions.length} session(s), ${compactions} compaction(s)${empty}\n`)
    return 0
  },
)

/** `report` writes the page; `report --ab` prints the arms compared instead (cli/report-ab.ts). */
export const reportCommand: Command = {
  summary: pageCommand.summary,
  usage: `${pageCommand.usage}\n\n${reportAbUsage}`,
  run: (argv) => (argv.includes('--ab') ? runReportAb(argv) : pageCommand.run(argv)),
}
