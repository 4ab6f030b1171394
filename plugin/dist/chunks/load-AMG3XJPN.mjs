#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  CONFIG_FILE_NAME,
  ConfigError,
  defaultConfigPath,
  formatIssue,
  formatIssues,
  formatReport,
  loadConfig,
  loadConfigLenient,
  resolveConfig,
  userConfigPath,
  userConfigSource
} from "./chunk-I2JOXUR6.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  CONFIG_FILE_NAME,
  ConfigError,
  defaultConfigPath,
  formatIssue,
  formatIssues,
  formatReport,
  loadConfig,
  loadConfigLenient,
  resolveConfig,
  userConfigPath,
  userConfigSource
};
