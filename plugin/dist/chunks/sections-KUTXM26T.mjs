#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-EDBQAZ6F.mjs";
import "./chunk-42MYEJ7S.mjs";
import "./chunk-BO3HOSO4.mjs";
import "./chunk-2NN3RAOG.mjs";
import "./chunk-M7CEWKEQ.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
