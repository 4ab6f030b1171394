#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  COMMON,
  EXIT,
  command,
  indexCommand,
  listCommand,
  lookupCommand,
  searchCommand,
  statusCommand,
  toolCommand
} from "./chunk-QS2BRTDU.mjs";
import "./chunk-SA2YJEPA.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-65VHQW6A.mjs";
import "./chunk-LZJKG3QV.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  COMMON,
  EXIT,
  command,
  indexCommand,
  listCommand,
  lookupCommand,
  searchCommand,
  statusCommand,
  toolCommand
};
