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
} from "./chunk-T7LLIEXU.mjs";
import "./chunk-2MOHVGRC.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-BO3HOSO4.mjs";
import "./chunk-M7CEWKEQ.mjs";
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
