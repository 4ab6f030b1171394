#!/usr/bin/env node
// `npm run bench`: every benchmark, side by side with its baseline, reporting ratios.
// `npm run bench -- cli` runs the ones whose name contains "cli"; flags after the names go to each
// bench run (`npm run bench -- quality --config try.yaml --out /tmp/q`).
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const benches = [
  ['cli', 'bench/cli.ts'],
  ['ledger', 'bench/ledger.ts'],
  ['engine-compact', 'bench/engine-compact.ts'],
  ['store-search', 'bench/store-search.ts'],
  ['quality', 'bench/quality.ts'],
]
const args = process.argv.slice(2)
const firstFlag = args.findIndex((a) => a.startsWith('--'))
const only = firstFlag < 0 ? args : args.slice(0, firstFlag)
const flags = firstFlag < 0 ? [] : args.slice(firstFlag)
let failed = 0
for (const [name, file] of benches) {
  if (only.length && !only.some((o) => name.includes(o))) continue
  const r = spawnSync(process.execPath, ['--import', 'tsx', file, ...flags], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) failed++
  console.log('')
}
process.exit(failed ? 1 : 0)
