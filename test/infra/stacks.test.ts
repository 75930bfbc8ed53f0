/**
 * The infra suites in one file, so the stages they share are synthesized once (stages.ts): the app
 * stack, the data stack, the ops stack and cdk-nag's rules.
 */
import { disposeStages } from './stages';
import './app-stack.suite';
import './data-stack.suite';
import './ops-stack.suite';
import './data-safety.suite';
import './nag.suite';

afterAll(() => {
  disposeStages();
});
