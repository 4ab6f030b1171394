/** What every command module exports: the dispatcher (cli/main.ts) loads it and runs it. */
export interface Command {
  summary: string
  usage: string
  run(argv: string[]): Promise<number>
}
