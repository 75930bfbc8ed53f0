// Runs before every test file: quiet logs unless a test asks otherwise, and no warning about the local
// Node version (Lambda runs Node 22; this machine may run 20, which the SDK still supports).
process.env.LOG_LEVEL ??= 'silent';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
