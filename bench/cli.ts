/**
 * The whole CLI process (`compact-handoff build`) over the largest real transcript, repeated,
 * beside a bare Node process that only JSON.parses every line of the same file: median wall
 * time and peak RSS of each, and the ratio. The build runs with its code cache in a folder of the
 * bench's own (written by the warm-up run, as a user's first run writes it), and once more per
 * round with the cache off: what a run costs before any cache exists (after an install or an
 * upgrade), less the few ms a first run takes to write its cache.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rawTranscripts, repoRoot, skipWithoutShared } from '../test/shared.ts'

interface Sample {
  ms: number
  rssKb: number
}

function runOnce(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const child = spawn(process.execPath, ['--import', join(repoRoot, 'bench/rss-probe.mjs'), ...args], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      env,
    })
    let rss = ''
    let err = ''
    child.stdio[3]!.on('data', (d) => (rss += d))
    child.stderr!.on('data', (d) => (err += d))
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${err}`))
      resolve({ ms, rssKb: Number(rss.trim()) })
    })
  })
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

export async function benchCli(runs = 15): Promise<string> {
  if (skipWithoutShared) return `cli: skipped (${skipWithoutShared})`
  const largest = rawTranscripts().sort((a, b) => statSync(b).size - statSync(a).size)[0]!
  const cli = [join(repoRoot, 'plugin/dist/compact-handoff.mjs'), 'build', largest, '--out', '/dev/null']
  const base = [join(repoRoot, 'bench/parse-only.mjs'), largest]
  const cacheDir = mkdtempSync(join(tmpdir(), 'ch-bench-code-cache-'))
  const cached = { ...process.env, COMPACT_HANDOFF_CODE_CACHE: cacheDir }
  const uncached = { ...process.env, COMPACT_HANDOFF_CODE_CACHE: 'off' }
  const a: Sample[] = []
  const b: Sample[] = []
  const c: Sample[] = []
  try {
    await runOnce(cli, cached) // warms the file cache for every arm, and writes the code cache
    for (let i = 0; i < runs; i++) {
      // Interleaved, so drift on the machine hits every arm alike.
      a.push(await runOnce(cli, cached))
      b.push(await runOnce(base))
      c.push(await runOnce(cli, uncached))
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true })
  }
  const [cm, bm] = [median(a.map((s) => s.ms)), median(b.map((s) => s.ms))]
  const [cr, br] = [median(a.map((s) => s.rssKb)) / 1024, median(b.map((s) => s.rssKb)) / 1024]
  const mb = (statSync(largest).size / 1e6).toFixed(2)
  return [
    `cli: compact-handoff build over ${largest.split('/').pop()} (${mb} MB), ${runs} runs each, medians`,
    `  compact-handoff build   ${cm.toFixed(0).padStart(5)} ms  ${cr.toFixed(0).padStart(4)} MB peak RSS`,
    `  JSON.parse every line   ${bm.toFixed(0).padStart(5)} ms  ${br.toFixed(0).padStart(4)} MB peak RSS`,
    `  ratio                   ${(cm / bm).toFixed(2).padStart(5)} x     ${(cr / br).toFixed(2)} x`,
    `  targets: < 300 ms wall, < 150 MB RSS: ${cm < 300 && cr < 150 ? 'met' : 'NOT met'}`,
    `  with the code cache off (a first run, less writing its cache): ${median(c.map((s) => s.ms)).toFixed(0)} ms, ${(median(c.map((s) => s.rssKb)) / 1024).toFixed(0)} MB peak RSS`,
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchCli())
