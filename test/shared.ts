/**
 * Where the third-party real transcripts live. They stay in ../shared (never copied into the
 * repo); a clone without it still passes, and each real-transcript check says it was skipped.
 */
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** ../shared beside the checkout, or COMPACT_HANDOFF_SHARED. */
export const sharedDir: string = process.env.COMPACT_HANDOFF_SHARED ?? resolve(repoRoot, '..', 'shared')

const rawDir = join(sharedDir, 'bench-data', 'raw')
const compactedDir = join(sharedDir, 'bench-data', 'compacted')

/** Every real transcript, or [] when ../shared is absent. */
export function rawTranscripts(): string[] {
  if (!existsSync(rawDir)) return []
  return readdirSync(rawDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(rawDir, f))
}

export function rawTranscript(name: string): string {
  return join(rawDir, name)
}

/** Pass as `{ skip }` to a test that needs the real transcripts. */
export const skipWithoutShared: string | false = existsSync(rawDir)
  ? false
  : `real-transcript check skipped: ${rawDir} not found (CI has it; set COMPACT_HANDOFF_SHARED to point elsewhere)`

/** The quality bench's set: real sessions with a compaction and the work after it, or []. */
export function compactedTranscripts(): string[] {
  if (!existsSync(compactedDir)) return []
  return readdirSync(compactedDir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => join(compactedDir, f))
}

export const compactedTranscript = (name: string): string => join(compactedDir, name)

export const skipWithoutCompacted: string | false = existsSync(compactedDir)
  ? false
  : `real-transcript check skipped: ${compactedDir} not found (CI has it; set COMPACT_HANDOFF_SHARED to point elsewhere)`
