/**
 * Files read off the disk under the read policy, for every host that reads from disk (the CLI,
 * and the engine child checking a path before the engine's Read tool).
 */
import type { FileCapability } from './capabilities.ts'
import { readBounded, type ReadPolicy, readPolicy } from './read-policy.ts'

/** Files read off the disk, shown as the Read tool shows them (numbered lines), so a restored
 *  file reads the same from the CLI, a rehearsal and a live run. Only what the policy allows is
 *  opened (the request's, else `policy`), and only the bytes kept are read. */
export function diskFilesUnder(policy: ReadPolicy): FileCapability {
  return {
    async read({ path, offset, limit, policy: asked, maxChars }, signal) {
      try {
        const r = await readBounded(path, asked ?? policy, { offset, limit: limit ?? 2_000, maxChars, signal })
        if (!r.ok) return { ok: false, reason: r.reason }
        const text =
          r.text === ''
            ? ''
            : r.text
                .split('\n')
                .map((line, i) => `${r.firstLine + i}\t${line}`)
                .join('\n')
        return { ok: true, text, ...(r.truncated ? { truncated: true } : {}) }
      } catch (err) {
        return { ok: false, reason: (err as Error).message }
      }
    },
  }
}

/** Disk reads with no project of the host's own: a request must bring its policy (restore does). */
export const diskFiles: FileCapability = diskFilesUnder(readPolicy(null))
