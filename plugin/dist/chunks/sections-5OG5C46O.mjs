#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-QS3MD3BD.mjs";
import "./chunk-JPUU5OAK.mjs";
import "./chunk-UDDVQVO7.mjs";
import "./chunk-2NN3RAOG.mjs";
import "./chunk-LZJKG3QV.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
