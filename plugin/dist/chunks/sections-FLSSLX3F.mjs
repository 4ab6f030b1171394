#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-P7SWZ67K.mjs";
import "./chunk-2Q6QKILD.mjs";
import "./chunk-PIFK4JZB.mjs";
import "./chunk-45KIPHKO.mjs";
import "./chunk-5EQP25BN.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
