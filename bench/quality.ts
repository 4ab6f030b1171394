/**
 * `npm run bench -- quality`: what the next window receives, scored against what the work after
 * each real compaction went on to use, for five arms side by side (see bench/quality/README.md).
 * Reads the transcripts from ../shared/bench-data (never copied here); writes the table, the JSON
 * and the recall-versus-size chart under bench/results/.
 *
 *   --config FILE   extend our arms' pipeline with FILE (to try a change before committing it)
 *   --out DIR       write results there instead of bench/results/
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { sharedDir } from '../test/shared.ts'
import { chartSvg, type ChartPoint } from './quality/chart.ts'
import { ARMS, type Arm, CEILINGS, scoreTranscript, type TranscriptScore } from './quality/run.ts'

const { values } = parseArgs({ options: { config: { type: 'string', multiple: true }, out: { type: 'string' } } })
const outDir = resolve(values.out ?? join(import.meta.dirname, 'results'))

/** The set: every compacted session, and the raw transcripts that hold a compaction. */
function transcripts(): string[] {
  const dirs = ['compacted', 'raw'].map((d) => join(sharedDir, 'bench-data', d)).filter(existsSync)
  return dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.jsonl'))
      .sort()
      .map((f) => join(d, f)),
  )
}

const mean = (xs: Array<number | null>): number | null => {
  const v = xs.filter((x): x is number => x !== null)
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null
}
const r2 = (x: number | null) => (x === null ? '  –  ' : x.toFixed(2))
const k = (n: number | null) => (n === null ? '–' : `${(n / 1000).toFixed(1)}k`)
const short = (name: string) => name.replace(/^(\w[\w-]*)__(\w[\w-]*)__/, '$1/$2 ').slice(0, 40)

const files = transcripts()
if (files.length === 0) {
  console.log(`quality: skipped, no transcripts under ${join(sharedDir, 'bench-data')} (set COMPACT_HANDOFF_SHARED)`)
  process.exit(0)
}
const started = Date.now()
const rows: TranscriptScore[] = []
for (const file of files) {
  const s = await scoreTranscript(file, { configs: (values.config ?? []).map((f) => resolve(f)) })
  if (s) rows.push(s)
}

const header = `${'transcript'.padEnd(41)} need │ ${ARMS.map((a) => a.padStart(14)).join(' │')} │ @stock size`
const lines = [header, '─'.repeat(header.length)]
for (const s of rows) {
  const cells = ARMS.map((a) => `${r2(s.arms[a].recall)} ${k(s.arms[a].chars).padStart(6)}`.padStart(14))
  lines.push(`${short(s.name).padEnd(41)} ${String(s.needed.items).padStart(4)} │ ${cells.join(' │')} │ ${r2(s.atStockSize.recall)} ${k(s.atStockSize.chars)}`)
}
const means = Object.fromEntries(
  ARMS.map((a) => [a, { recall: mean(rows.map((s) => s.arms[a].recall)), chars: mean(rows.map((s) => s.arms[a].chars)) }]),
) as Record<Arm, { recall: number | null; chars: number | null }>
lines.push('─'.repeat(header.length))
lines.push(`${'mean'.padEnd(41)}      │ ${ARMS.map((a) => `${r2(means[a].recall)} ${k(means[a].chars).padStart(6)}`.padStart(14)).join(' │')}`)

// Per session: ours+summary built under stock's size, against stock.
const wins = rows.filter((s) => s.atStockSize.chars <= s.arms.stock.chars && (s.atStockSize.recall ?? 0) > (s.arms.stock.recall ?? 0))
const curveMeans = (['ours', 'ours+summary'] as const).map((arm) => ({
  arm,
  points: CEILINGS.map((ceiling, i) => ({
    ceiling,
    recall: mean(rows.map((s) => s.curve[arm][i]!.recall)),
    chars: mean(rows.map((s) => s.curve[arm][i]!.chars)),
  })),
}))
lines.push('')
lines.push('recall versus size (mean recall @ mean chars, per ceiling):')
for (const c of curveMeans) lines.push(`  ${c.arm.padEnd(13)} ${c.points.map((p) => `${k(p.ceiling)}: ${r2(p.recall)} @ ${k(p.chars)}`).join('   ')}`)
lines.push('')
lines.push(
  `ours+summary beats stock at no more than stock's size on ${wins.length} of ${rows.length} sessions (${Math.round((100 * wins.length) / rows.length)} %)`,
)
const losses = rows.filter((s) => !wins.includes(s)).map((s) => `${short(s.name)} (${r2(s.atStockSize.recall)} vs stock ${r2(s.arms.stock.recall)})`)
if (losses.length) lines.push(`  loses or ties on: ${losses.join('; ')}`)
// Each section alone, in ours+summary at the default pipeline: mean chars and recall when kept.
const names = [...new Set(rows.flatMap((s) => (s.arms['ours+summary'].sections ?? []).map((x) => x.name)))]
const perSection = names.map((name) => {
  const kept = rows.map((s) => s.arms['ours+summary'].sections?.find((x) => x.name === name)).filter((x) => x?.status === 'ok')
  return { name, kept: kept.length, chars: mean(kept.map((x) => x!.chars)), recall: mean(kept.map((x) => x!.recall ?? null)) }
})
lines.push('')
lines.push('each section alone (ours+summary, default pipeline; mean over the sessions that kept it):')
for (const p of perSection)
  lines.push(`  ${p.name.padEnd(12)} kept ${String(p.kept).padStart(2)}/${rows.length}  ${k(p.chars).padStart(6)}  recall ${r2(p.recall)}`)
lines.push(`${rows.length} transcripts in ${((Date.now() - started) / 1000).toFixed(1)} s`)
const table = lines.join('\n')
console.log(table)

mkdirSync(outDir, { recursive: true })
const points: ChartPoint[] = [
  ...curveMeans.flatMap((c) => c.points.filter((p) => p.recall !== null).map((p) => ({ arm: c.arm, ceiling: p.ceiling, chars: p.chars!, recall: p.recall! }))),
  ...(['summary', 'stock', 'masking'] as const).map((arm) => ({ arm, chars: means[arm].chars!, recall: means[arm].recall! })),
]
writeFileSync(join(outDir, 'quality.svg'), await chartSvg(points))
writeFileSync(
  join(outDir, 'quality.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      configs: values.config ?? [],
      means,
      curve: curveMeans,
      winsAtStockSize: wins.length,
      perSection,
      sessions: rows.length,
      transcripts: rows,
    },
    null,
    1,
  ) + '\n',
)
writeFileSync(join(outDir, 'quality.txt'), table + '\n')
console.log(`wrote ${join(outDir, 'quality.{txt,json,svg}')}`)
