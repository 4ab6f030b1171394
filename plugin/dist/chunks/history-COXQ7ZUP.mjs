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
} from "./chunk-FU2NVCBP.mjs";
import "./chunk-PDKMRWIH.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-GS3UQNYK.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-P7OMPM52.mjs";
import "./chunk-7KAIWO3K.mjs";
import "./chunk-ORPKAE4C.mjs";
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
