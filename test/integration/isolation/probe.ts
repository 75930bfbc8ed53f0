/**
 * A tenant-isolation probe: one per route of the route table (the compiler checks that none is
 * missing). A probe signs in as company A (its admin, or a plain user for admin-only routes) and calls
 * its route with ids of company B, and with B's `companyId` in query and body, then proves that nothing
 * of B was read or changed.
 */
import type { TestCloud } from '../../support/local-cloud';
import type { SignedInUser, Tenant } from '../../support/tenants';

export interface IsolationContext {
  readonly cloud: TestCloud;
  /** The caller's company, with a plain user besides its admin. */
  readonly a: Tenant & { readonly user: SignedInUser };
  /** The other company, whose data must stay out of reach. */
  readonly b: Tenant & { readonly user: SignedInUser };
}

export type Probe = (context: IsolationContext) => Promise<void>;
