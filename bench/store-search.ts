/**
 * Search that scales: a store of ~1 GB built from the real transcripts (each replicated, with one
 * planted string per copy) through the real store writer, which indexes each compaction as it
 * stores it. Measures the index's build time, query latency (p50, p95) for rare strings and
 * common words, in one session and across all, and the same queries by a plain scan of the same
 * files as the baseline. The store lives in a temp dir and is deleted after.
 *
 *   node --import tsx bench/store-search.ts           (CH_BENCH_STORE_MB=200 for a smaller store)
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { buildHandoff, configFiles } from '../pipeline/build.ts'
import { builtinSections } from '../sections/index.ts'
import { cliCapabilities } from '../cli/capabilities.ts'
import { fmt } from '../pipeline/text.ts'
import { beforeBoundary, readJsonlTranscript } from '../pipeline/transcript.ts'
import { indexPaths, indexStats, reindexStore, scanSearch, search } from '../store/search.ts'
import { transcriptDocument, writeCompaction } from '../store/write.ts'
import { rawTranscripts, repoRoot, skipWithoutShared } from '../test/shared.ts'

const TARGET_BYTES = Number(process.env.CH_BENCH_STORE_MB ?? 1024) * 1024 * 1024
/** Compactions per session: the sessions of a real machine compact a few times each. */
const PER_SESSION = 4

interface Source {
  name: string
  transcript: string
  handoff: string
  summary: string | null
}

const MB = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : n.toFixed(0)} ms`

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!
}

/** Each real transcript as a compaction would store it: the conversation, and a handoff built by
 *  the real pipeline with no model (so no summary: the sections that need one are dropped). */
async function sources(): Promise<Source[]> {
  const out: Source[] = []
  for (const file of rawTranscripts()) {
    const t = beforeBoundary(await readJsonlTranscript(file), 'end')
    const sessionId = t.sessionId ?? basename(file, '.jsonl')
    const { result } = await buildHandoff({
      input: { trigger: 'cli', sessionId, cwd: t.cwd ?? repoRoot, transcript: t, lineage: { n: 1, prev: null, earlier: [] } },
      capabilities: cliCapabilities(null),
      configFiles: configFiles([], {}),
      lenient: true,
      builtins: builtinSections,
    })
    const summary = result.sections.find((s) => s.name === 'summary' && s.status === 'ok')
    out.push({
      name: basename(file, '.jsonl'),
      transcript: transcriptDocument(t, { sessionId, n: 1 }),
      handoff: result.handoff,
      summary: summary?.status === 'ok' ? summary.body : null,
    })
  }
  return out
}

/** The planted string of one copy: in exactly one stored conversation. */
const needle = (copy: number, i: number) => `quokka-${copy}-${i}-needle`

/** A copy of a conversation with its planted line in the middle. */
function plant(text: string, line: string): string {
  const mid = text.indexOf('\n', Math.floor(text.length / 2))
  return mid === -1 ? `${text}\n${line}\n` : `${text.slice(0, mid + 1)}[#0 user] ${line}\n${text.slice(mid + 1)}`
}

interface Built {
  dataDir: string
  compactions: number
  sessions: string[]
  bytes: number
  wallMs: number
  indexMs: number[]
  failures: number
}

async function buildStore(src: Source[]): Promise<Built> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ch-bench-store-'))
  const started = performance.now()
  const indexMs: number[] = []
  const sessions: string[] = []
  let bytes = 0
  let compactions = 0
  let failures = 0
  for (let copy = 0; bytes < TARGET_BYTES; copy++) {
    for (const [i, s] of src.entries()) {
      const n = (copy % PER_SESSION) + 1
      const sessionId = `bench-${Math.floor(copy / PER_SESSION)}-${i}`
      if (n === 1) sessions.push(sessionId)
      const transcript = plant(s.transcript, needle(copy, i))
      const at = new Date(Date.UTC(2026, 0, 1) + compactions * 60_000)
      const w = await writeCompaction(
        { dataDir, mode: 'live', sessionId },
        {
          row: {
            v: 1,
            at: at.toISOString(),
            sessionId,
            mode: 'live',
            trigger: 'auto',
            outcome: 'replaced',
            reason: null,
            lineage: { n, prev: n > 1 ? n - 1 : null },
          },
          handoff: s.handoff,
          summary: s.summary,
          transcript,
          at,
        },
      )
      compactions++
      bytes += Buffer.byteLength(transcript) + Buffer.byteLength(s.handoff) + (s.summary ? Buffer.byteLength(s.summary) : 0)
      const ix = w.row.index
      if (ix && 'ok' in ix && ix.ok) indexMs.push(ix.ms)
      else failures++
      if (bytes >= TARGET_BYTES) break
    }
    if (copy % 50 === 0)
      process.stderr.write(`  store-search: ${MB(bytes)} stored in ${fmt(compactions)} compactions, ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
  }
  return { dataDir, compactions, sessions, bytes, wallMs: performance.now() - started, indexMs, failures }
}

interface Query {
  label: string
  query: string
  sessionId: string | null
}

function queries(b: Built, src: Source[]): Query[] {
  const copies = Math.floor(b.compactions / src.length)
  const rare: Query[] = [0.05, 0.3, 0.5, 0.7, 0.95].flatMap((f, k) => {
    const copy = Math.floor(f * (copies - 1))
    const i = k % src.length
    const sessionId = `bench-${Math.floor(copy / PER_SESSION)}-${i}`
    return [
      { label: 'rare, all sessions', query: needle(copy, i), sessionId: null },
      { label: 'rare, its session', query: needle(copy, i), sessionId },
    ]
  })
  const some = b.sessions[Math.floor(b.sessions.length / 2)]!
  const common = ['the', 'error', 'function', 'let me', 'git status', 'file_path'].flatMap((q) => [
    { label: 'common, all sessions', query: q, sessionId: null },
    { label: 'common, one session', query: q, sessionId: some },
  ])
  const absent = [{ label: 'absent, all sessions', query: 'xylophone-never-said-9931', sessionId: null }]
  return [...rare, ...common, ...absent]
}

async function timeIt<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now()
  const value = await f()
  return { ms: performance.now() - t0, value }
}

export async function benchStoreSearch(): Promise<string> {
  if (skipWithoutShared) return `store-search: skipped (${skipWithoutShared})`
  const lines = [
    `store-search: a ${MB(TARGET_BYTES)} store from the ${rawTranscripts().length} real transcripts, replicated; indexed by the store writer at each compaction`,
  ]
  const src = await sources()
  const b = await buildStore(src)
  try {
    const stats = await indexStats(b.dataDir)
    const dbBytes = statSync(indexPaths(b.dataDir).db).size
    const idxTotal = b.indexMs.reduce((x, y) => x + y, 0)
    lines.push(
      `  store       ${MB(b.bytes)} of text in ${fmt(b.compactions)} compactions (${fmt(b.sessions.length)} sessions, ${PER_SESSION} compactions each), written in ${(b.wallMs / 1000).toFixed(0)} s`,
      `  index       ${MB(dbBytes)} on disk (${((100 * dbBytes) / b.bytes).toFixed(0)}% of the text), ${fmt(stats.docs)} texts in ${fmt(stats.chunks)} chunks; ${b.failures} indexing failures`,
      `  build       ${(idxTotal / 1000).toFixed(1)} s indexing in all, kept current at compaction time: ${ms(pct(b.indexMs, 50))} p50, ${ms(pct(b.indexMs, 95))} p95, ${ms(Math.max(...b.indexMs))} max per compaction (${(b.bytes / 1024 / 1024 / (idxTotal / 1000)).toFixed(1)} MB/s)`,
    )

    const qs = queries(b, src)
    const REPS = 5
    const indexed: number[] = []
    const byLabel = new Map<string, number[]>()
    let checked = 0
    for (const q of qs) {
      for (let r = 0; r < REPS; r++) {
        const t = await timeIt(() => search(b.dataDir, { query: q.query, sessionId: q.sessionId, limit: 20 }))
        if (t.value.via !== 'index') throw new Error(`search of ${q.query} scanned: ${t.value.note}`)
        if (q.label.startsWith('rare') && (t.value.hits.length !== 1 || !t.value.hits[0]!.text.includes(q.query)))
          throw new Error(`rare ${q.query}: ${t.value.hits.length} hits`)
        if (q.label === 'common, all sessions' && t.value.hits.length === 0) throw new Error(`common ${q.query}: no hits`)
        checked++
        indexed.push(t.ms)
        byLabel.set(q.label, [...(byLabel.get(q.label) ?? []), t.ms])
      }
    }
    lines.push(
      `  search      ${qs.length} queries x ${REPS}, each opening the index afresh as a tool process does, limit 20: ${ms(pct(indexed, 50))} p50, ${ms(pct(indexed, 95))} p95, ${ms(Math.max(...indexed))} max`,
    )
    for (const [label, xs] of byLabel) lines.push(`              ${label.padEnd(22)} ${ms(pct(xs, 50)).padStart(7)} p50 ${ms(pct(xs, 95)).padStart(7)} p95`)

    // End to end, as the plugin runs it: one `compact-handoff search` process per query.
    const bundle = join(repoRoot, 'plugin', 'dist', 'compact-handoff.mjs')
    const proc: number[] = []
    for (const q of qs.slice(0, 10)) {
      const args = [bundle, 'search', q.query, '--data-dir', b.dataDir, ...(q.sessionId ? ['--session', q.sessionId] : [])]
      const t0 = performance.now()
      const r = spawnSync(process.execPath, args, { encoding: 'utf8' })
      proc.push(performance.now() - t0)
      if (r.status !== 0) throw new Error(`compact-handoff search exited ${r.status}: ${r.stderr}`)
    }
    lines.push(
      `  process     compact-handoff search, one process per query (node start, bundle, SQLite load, search): ${ms(pct(proc, 50))} p50, ${ms(pct(proc, 95))} p95`,
    )

    // The baseline: read and match every stored file of the scope, newest first, per query.
    const scanned: number[] = []
    const scanIdx: number[] = []
    for (const q of qs.filter((_, k) => k % 2 === 0)) {
      const t = await timeIt(() => scanSearch(b.dataDir, { query: q.query, sessionId: q.sessionId, limit: 20 }))
      scanned.push(t.ms)
      scanIdx.push(pct(byLabel.get(q.label)!, 50))
    }
    lines.push(
      `  baseline    plain scan of the same files, ${scanned.length} of the queries once each: ${ms(pct(scanned, 50))} p50, ${ms(pct(scanned, 95))} p95, ${ms(Math.max(...scanned))} max`,
      `  ratio       scan / index: ${(pct(scanned, 50) / pct(indexed, 50)).toFixed(0)}x at p50, ${(pct(scanned, 95) / pct(indexed, 95)).toFixed(0)}x at p95 (all ${checked} indexed answers checked)`,
    )

    const rebuilt = await timeIt(() => reindexStore(b.dataDir, { rebuild: true }))
    lines.push(
      `  rebuild     the whole index from the files (compact-handoff index --rebuild): ${(rebuilt.ms / 1000).toFixed(1)} s for ${fmt(rebuilt.value.docs)} texts (${(b.bytes / 1024 / 1024 / (rebuilt.ms / 1000)).toFixed(1)} MB/s)`,
    )
    const after = await timeIt(() => search(b.dataDir, { query: qs[0]!.query, sessionId: null, limit: 20 }))
    lines.push(`              a rare query on the rebuilt index: ${ms(after.ms)}, ${after.value.hits.length} hit`)
  } finally {
    rmSync(b.dataDir, { recursive: true, force: true })
  }
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchStoreSearch())
