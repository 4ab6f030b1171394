/**
 * The store's file modes and its one way to append to a log, shared by the writer and the search
 * index (which notes texts for later indexing), so neither imports the other for them.
 */
import { mkdir, open } from 'node:fs/promises'
import { dirname } from 'node:path'

export const DIR_MODE = 0o700
export const FILE_MODE = 0o600

/**
 * Appends one line to a JSONL log in a single O_APPEND write, so lines of concurrent writers
 * never interleave. When the file ends in a line a killed writer left unfinished, the new line
 * starts on a line of its own, so only that torn line is lost, never the next one.
 */
export async function appendJsonl(file: string, value: unknown): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: DIR_MODE })
  const fh = await open(file, 'a+', FILE_MODE)
  try {
    const { size } = await fh.stat()
    let lead = ''
    if (size > 0) {
      const last = Buffer.alloc(1)
      await fh.read(last, 0, 1, size - 1)
      if (last[0] !== 0x0a) lead = '\n'
    }
    const buf = Buffer.from(`${lead}${JSON.stringify(value)}\n`, 'utf8')
    const { bytesWritten } = await fh.write(buf, 0, buf.length)
    if (bytesWritten !== buf.length) throw new Error(`short write to ${file}: ${bytesWritten} of ${buf.length} bytes`)
  } finally {
    await fh.close()
  }
}
