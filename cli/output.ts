/**
 * Where a command writes a file the user named (`--out`): checked before any work, so a typo in
 * the folder is a one-line usage error and not a build thrown away; written readable by its owner
 * only, since what it holds came from the session (paths, commands, the user's words).
 */
import { statSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { HandoffError } from '../pipeline/codes.ts'

/** The folder `path` would be written in exists and is a folder (a device such as /dev/null passes). */
export function checkOutPath(flag: string, path: string): void {
  const dir = dirname(resolve(path))
  let isDir = false
  try {
    isDir = statSync(dir).isDirectory()
  } catch {
    // missing: said below
  }
  if (!isDir) throw new HandoffError('USAGE', `${flag} ${path}: ${dir} is not a folder that exists`)
  try {
    if (statSync(path).isDirectory()) throw new HandoffError('USAGE', `${flag} ${path} is a folder; name a file`)
  } catch (err) {
    if (err instanceof HandoffError) throw err
  }
}

/** Writes `text` to `path` with mode 0600; a failure (no permission, a full disk) is one plain line. */
export async function writeOut(path: string, text: string): Promise<void> {
  try {
    const fh = await open(path, 'w', 0o600)
    try {
      // An existing file keeps its mode through open(): set it. Only a regular file's, though:
      // `--out /dev/null` or a pipe is not ours to change.
      if ((await fh.stat()).isFile()) await fh.chmod(0o600)
      await fh.writeFile(text, 'utf8')
    } finally {
      await fh.close()
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    const why = e.code === 'ENOSPC' ? 'the disk is full' : e.code === 'EACCES' || e.code === 'EPERM' ? 'permission denied' : (e.code ?? e.message)
    throw new HandoffError('OUTPUT_UNWRITABLE', `cannot write ${path}: ${why}`)
  }
}
