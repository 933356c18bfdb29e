import { describe, expect, it } from 'vitest';
import { addressRangeOf, networkOf } from './network';

describe('networkOf', () => {
  it('keeps an IPv4 address as it is, also when a dual-stack socket writes it as IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('names an IPv6 address by its /48, however the address is written', () => {
    expect(networkOf('2001:db8:a:b:c:d:e:f')).toBe('2001:db8:a::/48');
    expect(networkOf('2001:0DB8:000A:ffff::1')).toBe('2001:db8:a::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('2001:db8:0:1::')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(networkOf('64:ff9b::198.51.100.1')).toBe('64:ff9b:0::/48');
  });

  it('puts every address of one /64 and of one /48 together, and another /48 apart', () => {
    const site = ['2001:db8:1:1::1', '2001:db8:1:1::2', '2001:db8:1:2::1', '2001:db8:1:ffff:1:2:3:4'];
    expect(new Set(site.map(networkOf)).size).toBe(1);
    expect(networkOf('2001:db8:2::1')).not.toBe(networkOf(site[0] ?? ''));
  });

  it('returns anything that is not an address unchanged', () => {
    expect(networkOf('')).toBe('');
    expect(networkOf('unknown')).toBe('unknown');
  });
});

describe('addressRangeOf', () => {
  it('groups IPv4 by its /24, IPv4 written as IPv6 too, and IPv6 by its /48', () => {
    expect(addressRangeOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(addressRangeOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(addressRangeOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(addressRangeOf('2001:db8:a:b::1')).toBe('2001:db8:a::/48');
    expect(addressRangeOf('unknown')).toBe('unknown');
  });
});
