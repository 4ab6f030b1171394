// The baseline for the CLI bench: read a JSONL file and JSON.parse every line, nothing else.
import { readFileSync } from 'node:fs'
let n = 0
for (const line of readFileSync(process.argv[2], 'utf8').split('\n'))
  if (line) {
    JSON.parse(line)
    n++
  }
if (n === 0) process.exit(1)
