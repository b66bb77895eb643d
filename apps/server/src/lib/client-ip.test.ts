import { describe, expect, it } from 'vitest';
import { clientBucket } from './client-ip.ts';

describe('clientBucket (issue #13 item 4)', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(clientBucket('192.0.2.7')).toBe('192.0.2.7');
    expect(clientBucket('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientBucket('::ffff:c000:207')).toBe('192.0.2.7');
  });
  it('buckets IPv6 by /64, whatever the spelling', () => {
    expect(clientBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientBucket('2001:db8::2')).toBe(clientBucket('2001:0db8:0000:0000:ffff::3'));
    expect(clientBucket('2001:db8:0:1::1')).not.toBe(clientBucket('2001:db8::1'));
  });
});
