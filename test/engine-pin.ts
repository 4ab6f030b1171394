/**
 * The engine version this project is built and tested against, stated once: package.json's
 * devDependency `@anthropic-ai/claude-code`. Everything else that names the version (both plugins'
 * `engines`, the e2e harness's seeded config, the demo sample) reads it from here, and
 * test/engine-pin.test.ts checks the rest against it. Plus a reader for the installed engine's own
 * code, so a test can hold a fact this project relies on to what the binary ships.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

/** The pinned engine version, exactly as package.json's devDependency spells it (no range). */
export const ENGINE_VERSION: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies['@anthropic-ai/claude-code']

/** The installed engine package and its native executable (a Bun single-file build). */
export const enginePackageDir = join(root, 'node_modules', '@anthropic-ai', 'claude-code')
export const engineExecutable = join(enginePackageDir, 'bin', 'claude.exe')

/**
 * Every match of `pattern` in the engine executable's embedded JavaScript, read in 64 MB windows
 * that overlap by `overlap` bytes (a match longer than that may be missed). Latin-1, so a byte is a
 * character and the minified source reads as written.
 */
export function grepEngine(pattern: RegExp, overlap = 64 * 1024): RegExpExecArray[] {
  if (!existsSync(engineExecutable)) return []
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`
  const re = new RegExp(pattern.source, flags)
  const window = 64 * 1024 * 1024
  const buf = Buffer.alloc(window + overlap)
  const fd = openSync(engineExecutable, 'r')
  const seen = new Set<string>()
  const out: RegExpExecArray[] = []
  try {
    let kept = 0
    for (;;) {
      const n = readSync(fd, buf, kept, window, null)
      if (n === 0) break
      const text = buf.toString('latin1', 0, kept + n)
      for (const m of text.matchAll(re)) {
        if (seen.has(m[0])) continue
        seen.add(m[0])
        out.push(m)
      }
      const total = kept + n
      kept = Math.min(overlap, total)
      buf.copy(buf, 0, total - kept, total)
    }
  } finally {
    closeSync(fd)
  }
  return out
}
