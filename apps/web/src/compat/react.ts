/**
 * What `react` resolves to in the H5's build (vite.config.ts, decision 044): Preact through
 * preact/compat, plus React 19's `use`, which compat lacks. The console stays on React.
 */
// @ts-expect-error -- preact/compat's types say `export =`; its ES module has the named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';
export { use } from './use.ts';
