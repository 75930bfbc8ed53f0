/**
 * The session host's lease timings from SESSION_LEASE_SECONDS (host.ts): renewed three times a lease,
 * and the lease manager's defaults (30 s, renewed every 10 s) when the value is missing or unusable.
 */
import { leaseFromEnv } from '../../../functions/sessions/host';
import { ENV } from '../../../infra/resources/environment';

const setLeaseSeconds = (value: string | undefined) => {
  if (value === undefined) Reflect.deleteProperty(process.env, ENV.sessionLeaseSeconds);
  else process.env[ENV.sessionLeaseSeconds] = value;
};

describe('the session host’s lease from the environment', () => {
  const before = process.env[ENV.sessionLeaseSeconds];
  afterEach(() => setLeaseSeconds(before));

  it('lasts the seconds set and is renewed three times a lease', () => {
    setLeaseSeconds('6');
    expect(leaseFromEnv()).toEqual({ leaseMs: 6000, heartbeatMs: 2000 });
  });

  it.each([undefined, '', 'abc', '2', '301', '4.5'])('keeps the defaults for %p', (value) => {
    setLeaseSeconds(value);
    expect(leaseFromEnv()).toEqual({});
  });
});
