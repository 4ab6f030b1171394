#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  HandoffError
} from "./chunk-ORPKAE4C.mjs";

// cli/command.ts
function usageError(usage, err) {
  const name = /^Usage: (compact-handoff \S+)/.exec(usage)?.[1] ?? "compact-handoff";
  const e = err;
  const option = /'([^']+)'/.exec(e.message)?.[1];
  const what = e.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option ? `unknown option ${option}` : e.message.replace(/\.$/, "");
  return new HandoffError("USAGE", `${what} (${name} --help lists the options)`);
}

export {
  usageError
};
