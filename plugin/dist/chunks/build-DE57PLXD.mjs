#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
} from "./chunk-D6BZXDR3.mjs";
import "./chunk-CMBQP6R4.mjs";
import "./chunk-2NN3RAOG.mjs";
import "./chunk-LZJKG3QV.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
};
