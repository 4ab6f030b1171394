#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-V6CKLUVJ.mjs";
import "./chunk-FNOA5PSP.mjs";
import "./chunk-65VHQW6A.mjs";
import "./chunk-2NN3RAOG.mjs";
import "./chunk-LZJKG3QV.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
