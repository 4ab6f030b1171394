#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  ERROR_CODES,
  HandoffError,
  forTerminal
} from "./chunks/chunk-7HGYFSF5.mjs";
import "./chunks/chunk-JULZ67VA.mjs";

// cli/commands-module.ts
import { fileURLToPath } from "node:url";
var KEYS = { "commands": "702e84aefaca43e6", "history": "761513b622bd2a08" };
var runs = /* @__PURE__ */ new Map();
async function commandsModule(bundle, use) {
  if (!runs.has(bundle)) {
    const { runCached } = await import("./chunks/code-cache-MTEETGHH.mjs");
    runs.set(bundle, runCached(fileURLToPath(new URL(`./chunks/${bundle}.cjs`, import.meta.url)), KEYS[bundle], use));
  }
  return runs.get(bundle).exports;
}
function keepCodeCacheOnSuccess() {
  process.once("exit", (code) => {
    if (code === 0) for (const run of runs.values()) run.save();
  });
}

// cli/main.ts
var VERSION = true ? "0.1.0" : "0.0.0-dev";
var commands = {
  build: { summary: "build the handoff for a transcript on disk", load: async (use) => (await commandsModule("commands", use)).buildCommand },
  status: {
    summary: "a session's compactions, its history reads, the search index",
    load: async (use) => (await commandsModule("history", use)).statusCommand
  },
  list: { summary: "list a session's compactions, or every session that compacted", load: async (use) => (await commandsModule("history", use)).listCommand },
  lookup: {
    summary: "read back a stored handoff, summary, conversation, row or section",
    load: async (use) => (await commandsModule("history", use)).lookupCommand
  },
  search: { summary: "search what earlier compactions replaced", load: async (use) => (await commandsModule("history", use)).searchCommand },
  report: {
    summary: "the store as one HTML page: occupancy, handoffs, cost, fallbacks, the watch, A/B, quality (--ab: the arms compared, as text)",
    load: async () => (await import("./chunks/report-FRUMECDN.mjs")).reportCommand
  },
  index: {
    summary: "add every stored text the search index lacks (--rebuild: from scratch)",
    load: async (use) => (await commandsModule("history", use)).indexCommand
  },
  engine: { summary: "(internal) run one compaction for the plugin", load: async (use) => (await commandsModule("commands", use)).engineCommand },
  tool: { summary: "(internal) answer one history tool call for the plugin", load: async (use) => (await commandsModule("history", use)).toolCommand }
};
var publicCommands = () => Object.entries(commands).filter(([, c]) => !c.summary.startsWith("(internal)"));
function help() {
  const rows = publicCommands().map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return [
    `compact-handoff ${VERSION}: build a compaction handoff from a Claude Code transcript`,
    "",
    "Usage: compact-handoff <command> [options]   (compact-handoff <command> --help for more)",
    "",
    "Commands:",
    ...rows,
    "",
    "Exit codes: 0 ok, 1 invalid config or input, 2 usage error, 3 internal error; an error line ends with its code:",
    ...Object.entries(ERROR_CODES).map(([code, c]) => `  ${code.padEnd(22)} ${c.exit}  ${c.means}`)
  ].join("\n");
}
async function main(argv) {
  process.umask(63);
  const verbose = argv.includes("--verbose");
  const [name, ...rest] = argv.filter((a) => a !== "--verbose");
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(help() + "\n");
    return name ? 0 : ERROR_CODES.USAGE.exit;
  }
  if (name === "--version") {
    process.stdout.write(VERSION + "\n");
    return 0;
  }
  const entry = commands[name];
  if (!entry) {
    const names = publicCommands().map(([n]) => n);
    process.stderr.write(`compact-handoff: unknown command "${name}" (commands: ${names.join(", ")}) [USAGE]
`);
    return ERROR_CODES.USAGE.exit;
  }
  const use = name === "tool" && /^[a-z_]{1,40}$/.test(rest[0] ?? "") ? `tool-${rest[0]}` : name;
  const command = await entry.load(use);
  if (rest.includes("--help") || rest.includes("-h")) {
    process.stdout.write(`${command.usage}
`);
    return 0;
  }
  keepCodeCacheOnSuccess();
  try {
    return await command.run(rest);
  } catch (err) {
    if (HandoffError.is(err)) {
      process.stderr.write(forTerminal(`compact-handoff ${name}: ${err.message} [${err.code}]`) + "\n");
      if (verbose && err.stack) process.stderr.write(err.stack + "\n");
      return err.exitCode;
    }
    const e = err;
    process.stderr.write(
      forTerminal(`compact-handoff ${name}: internal error: ${e?.message ?? String(err)}${verbose ? "" : " (--verbose for the stack)"} [INTERNAL]`) + "\n"
    );
    if (verbose && e?.stack) process.stderr.write(e.stack + "\n");
    return ERROR_CODES.INTERNAL.exit;
  }
}
var invoked = process.argv[1] ?? "";
if (/compact-handoff(\.mjs)?$|cli[\\/]main\.ts$/.test(invoked)) {
  main(process.argv.slice(2)).then(
    // exitCode, not exit(): a large handoff piped to another program must be written out whole.
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      process.stderr.write(`compact-handoff: ${String(err)} [INTERNAL]
`);
      process.exitCode = ERROR_CODES.INTERNAL.exit;
    }
  );
}
export {
  VERSION,
  main
};
