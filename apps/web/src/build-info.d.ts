/** Set by vite.config.ts `define` at build time (issue #17 /test diagnostics). */
declare const __APP_VERSION__: string;
declare const __BUILD_TIME__: string;
