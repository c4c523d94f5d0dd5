import { describe, expect, it } from 'vitest';
import { isRefusedAddress, outboundPolicyFromEnv, urlRefusal } from './outbound';

describe('outbound addresses', () => {
  it('refuses link-local and cloud metadata addresses, in every spelling', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.0.1',
      '100.100.100.200',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '0.0.0.0',
      '::',
    ]) {
      expect(isRefusedAddress(address), address).toBe(true);
    }
  });

  it('allows loopback, private networks and public addresses', () => {
    for (const address of [
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      '192.168.1.1',
      '8.8.8.8',
      '2001:db8::1',
    ]) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
  });

  it('checks a URL: its scheme and a literal address', () => {
    const policy = outboundPolicyFromEnv(undefined);
    expect(urlRefusal('https://api.example.com/v1', policy)).toBeNull();
    expect(urlRefusal('http://127.0.0.1:8080/v1', policy)).toBeNull();
    expect(urlRefusal('http://169.254.169.254/latest', policy)).toBe('address');
    expect(urlRefusal('http://[fd00:ec2::254]/latest', policy)).toBe('address');
    expect(urlRefusal('file:///etc/passwd', policy)).toBe('scheme');
    expect(urlRefusal('not a url', policy)).toBe('scheme');
  });

  it('lets the hosts a setting lists through', () => {
    const policy = outboundPolicyFromEnv(' 169.254.10.10 , Metadata.Internal ');
    expect(policy.allowedHosts).toEqual(['169.254.10.10', 'metadata.internal']);
    expect(urlRefusal('http://169.254.10.10/v1', policy)).toBeNull();
    expect(urlRefusal('http://169.254.169.254/v1', policy)).toBe('address');
  });
});
