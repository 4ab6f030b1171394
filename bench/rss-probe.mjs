// Preloaded with `node --import` into a benchmarked process: reports its peak RSS on exit on fd 3
// (inherited as a pipe by the bench), so the measured program itself is untouched.
import { writeSync } from 'node:fs'
process.on('exit', () => {
  try {
    writeSync(3, `${process.resourceUsage().maxRSS}\n`)
  } catch {
    /* not run by the bench */
  }
})
