/** The plugin's version, as plugin.json and package.json state it (a node test keeps the three equal). */
export const PLUGIN_VERSION = '0.1.0'
