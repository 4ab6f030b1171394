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
} from "./chunk-KUE6KZGL.mjs";
import "./chunk-LW6TSO7T.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-ZTSBFSFN.mjs";
import "./chunk-XLDG2IXN.mjs";
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
