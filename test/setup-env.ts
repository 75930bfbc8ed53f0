// Runs before every test file: quiet logs unless a test asks otherwise, and no warning about the local
// Node version (Lambda runs Node 22; this machine may run 20, which the SDK still supports).
process.env.LOG_LEVEL ??= 'silent';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

// The X-Ray SDK in manual mode, as functions/core/tracing-mode.ts puts it wherever nothing is traced.
// That module cannot do it here: Jest evaluates the CommonJS packages an ES module imports while it links
// the graph, before any ES module runs, so the SDK loaded in automatic mode and enabled an async hook with
// a destroy callback that every promise of every test worker paid for (about 5 % of a browser test
// file's worker CPU).
process.env.AWS_XRAY_MANUAL_MODE ??= 'true';
