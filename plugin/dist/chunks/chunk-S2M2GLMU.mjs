#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);

// cli/terminal.ts
var CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
function visible(c) {
  const code = c.charCodeAt(0);
  if (code < 32) return String.fromCharCode(9216 + code);
  if (code === 127) return "\u2421";
  return `\\u${code.toString(16).padStart(4, "0")}`;
}
function forTerminal(text) {
  return text.replace(CONTROL_RE, visible);
}
function jsonForTerminal(value) {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export {
  forTerminal,
  jsonForTerminal
};
