/**
 * Steps moved to repositories/transaction.ts, next to the builders of the actions it runs; this name is
 * kept only for the use cases that still import it from here, until they import it from there.
 */
export { Steps, type TransactItem } from '../repositories/transaction';
