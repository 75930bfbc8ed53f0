/**
 * Imported first by every script: this machine may run Node 20 (Lambda runs 22); the AWS SDK still
 * supports it, so spare the user its notice about Node versions on every command.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
