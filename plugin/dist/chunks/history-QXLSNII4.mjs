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
} from "./chunk-DJ4YGBET.mjs";
import "./chunk-AMGIQBKR.mjs";
import "./chunk-4UC3FRD7.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-VXUXFW7Q.mjs";
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
