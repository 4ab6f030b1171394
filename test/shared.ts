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

/** Every transcript in one of the bench-data folders, or [] when it is absent. */
const transcriptsIn = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .map((f) => join(dir, f))
    : []

const skipUnless = (dir: string): string | false =>
  existsSync(dir) ? false : `real-transcript check skipped: ${dir} not found (CI has it; set COMPACT_HANDOFF_SHARED to point elsewhere)`

/** Every real transcript, or [] when ../shared is absent. */
export const rawTranscripts = (): string[] => transcriptsIn(rawDir)

export const rawTranscript = (name: string): string => join(rawDir, name)

/** Pass as `{ skip }` to a test that needs the real transcripts. */
export const skipWithoutShared: string | false = skipUnless(rawDir)

/** The quality bench's set: real sessions with a compaction and the work after it, or []. */
export const compactedTranscripts = (): string[] => transcriptsIn(compactedDir)

export const compactedTranscript = (name: string): string => join(compactedDir, name)

export const skipWithoutCompacted: string | false = skipUnless(compactedDir)
