/**
 * Imported by core/tracer.ts before Powertools Tracer, for what it does when evaluated: where nothing
 * will be traced, it puts the X-Ray SDK in manual mode before that SDK loads.
 *
 * Why: in its default (automatic) mode the X-Ray SDK, as it loads, enables an async hook with a destroy
 * callback for the whole process (cls-hooked), so every promise and timer of the process is tracked and
 * its end reported, traced or not. Only a Lambda with active tracing uses it. The session host on
 * Fargate, `npm start`'s local cloud and the test workers trace nothing, and paid for it on every
 * promise (about 8 % of the unit tests' CPU). Tracing runs where Powertools turns it on: under Lambda
 * (AWS_LAMBDA_FUNCTION_NAME, set by its runtime) unless POWERTOOLS_TRACE_ENABLED is 'false'.
 */
const traced = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) && process.env.POWERTOOLS_TRACE_ENABLED !== 'false';

if (!traced) process.env.AWS_XRAY_MANUAL_MODE ??= 'true';

export {};
