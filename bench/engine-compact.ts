/**
 * One /compact of the same session through the real engine (the pinned devDependency), with the
 * plugin live and without it, against the project's fake model with no added latency: median
 * wall time of each arm and the ratio. The session's transcript is put back before every run,
 * so every run compacts the same conversation; the arms alternate, so drift hits both alike.
 *
 *   in process  a resumed stream-json session answers one turn, then /compact is timed from the
 *               line written to its result (the summary forks the session: the warm path)
 *   --resume    `claude --resume <id> -p /compact`, the whole process timed (nothing to fork:
 *               the completion path, plus the plugin's start-up work)
 */
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Lab, repoRoot, skipWithoutEngine } from '../test/e2e/harness.ts'

/** The target: with the plugin live, a /compact costs at most this much more than the engine's own. */
export const BUDGET_MS = 500

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** The session every run compacts: a few turns with Bash and Read calls, built without the plugin. */
async function buildSession(lab: Lab): Promise<string> {
  lab.withPlugin = false
  const s = lab.session()
  await s.send('FAKE_TOOL:Bash {"command":"ls -la","description":"list the project"}')
  await s.send(`FAKE_TOOL:Read {"file_path":${JSON.stringify(join(repoRoot, 'package.json'))}}`)
  await s.send('FAKE_TOOL:Bash {"command":"echo building && echo done","description":"build"}')
  await s.send('Please summarise what we did so far and keep going with the plan.')
  await s.send(`FAKE_TOOL:Read {"file_path":${JSON.stringify(join(repoRoot, 'tsconfig.json'))}}`)
  await s.send('Thanks. One more question about the layout, then we continue.')
  if ((await s.close()) !== 0) throw new Error(`building the bench session failed: ${s.stderr.text.slice(-500)}`)
  return s.sessionId!
}

async function inProcess(lab: Lab, sessionId: string): Promise<number> {
  const s = lab.session(['--resume', sessionId])
  await s.send('one more turn before compacting')
  const turn = await s.send('/compact')
  if (turn.result.is_error) throw new Error(`/compact failed: ${JSON.stringify(turn.result)}`)
  await s.close()
  return turn.ms
}

async function resumed(lab: Lab, sessionId: string): Promise<number> {
  const r = await lab.run(['--resume', sessionId, '/compact'])
  if (r.code !== 0) throw new Error(`claude --resume -p /compact exited ${r.code}: ${r.stderr.slice(-500)}`)
  return r.ms
}

export interface EngineCompactBench {
  report: string
  /** Medians, ms, per mode and arm. */
  medians: Record<'inProcess' | 'resumed', { plugin: number; engine: number }>
  met: boolean
}

export async function benchEngineCompact(runs = Number(process.env.BENCH_RUNS ?? 7)): Promise<EngineCompactBench | string> {
  if (skipWithoutEngine) return `engine-compact: skipped (${skipWithoutEngine})`
  const lab = await Lab.create({ name: 'bench', plugin: { live: true } })
  try {
    const sessionId = await buildSession(lab)
    const transcript = lab.transcriptOf(sessionId)
    const pristine = join(lab.dir, 'pristine.jsonl')
    copyFileSync(transcript, pristine)
    const samples = { inProcess: { plugin: [] as number[], engine: [] as number[] }, resumed: { plugin: [] as number[], engine: [] as number[] } }
    const once = async (mode: 'inProcess' | 'resumed', arm: 'plugin' | 'engine') => {
      copyFileSync(pristine, transcript)
      lab.withPlugin = arm === 'plugin'
      return mode === 'inProcess' ? inProcess(lab, sessionId) : resumed(lab, sessionId)
    }
    // One warm-up of each, not counted (file cache, the bundle's first load).
    for (const mode of ['inProcess', 'resumed'] as const) for (const arm of ['plugin', 'engine'] as const) await once(mode, arm)
    for (let i = 0; i < runs; i++) {
      for (const mode of ['inProcess', 'resumed'] as const) {
        const order = i % 2 ? (['engine', 'plugin'] as const) : (['plugin', 'engine'] as const)
        for (const arm of order) samples[mode][arm].push(await once(mode, arm))
      }
    }
    const rows = lab.rows()
    const replaced = rows.filter((r) => r.outcome === 'replaced').length
    if (replaced !== rows.length || rows.length !== 2 * (runs + 1)) {
      throw new Error(`every plugin run should have replaced the compaction: ${rows.length} rows, ${replaced} replaced (${rows.map((r) => r.reason).filter(Boolean).join('; ')})`)
    }
    const paths = new Set(rows.map((r) => r.model?.path))
    const medians = {
      inProcess: { plugin: median(samples.inProcess.plugin), engine: median(samples.inProcess.engine) },
      resumed: { plugin: median(samples.resumed.plugin), engine: median(samples.resumed.engine) },
    }
    const line = (label: string, m: { plugin: number; engine: number }) =>
      `  ${label.padEnd(34)} plugin ${m.plugin.toFixed(0).padStart(5)} ms   engine ${m.engine.toFixed(0).padStart(5)} ms   +${(m.plugin - m.engine).toFixed(0).padStart(4)} ms   ratio ${(m.plugin / m.engine).toFixed(2)} x`
    const worst = Math.max(medians.inProcess.plugin - medians.inProcess.engine, medians.resumed.plugin - medians.resumed.engine)
    const met = worst <= BUDGET_MS
    const size = readFileSync(pristine, 'utf8').split('\n').filter(Boolean).length
    const report = [
      `engine-compact: one /compact of the same ${size}-line session, plugin live vs the engine alone, fake model (no latency), ${runs} runs per arm, medians`,
      line('in process (/compact turn, fork)', medians.inProcess),
      line('--resume -p /compact (process)', medians.resumed),
      `  model paths the plugin's rows report: ${[...paths].join(', ')}`,
      `  target: at most +${BUDGET_MS} ms: ${met ? 'met' : 'NOT met'} (worst +${worst.toFixed(0)} ms)`,
    ].join('\n')
    return { report, medians, met }
  } finally {
    await lab.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchEngineCompact()
  console.log(typeof r === 'string' ? r : r.report)
  if (typeof r !== 'string' && !r.met) process.exitCode = 1
}
