import { describe, expect, it } from 'vitest';
import type { PartnerRow } from '../db/schema';
import { buildDirectory, hostName, resolvePartner } from './partner';

const row = (code: string, hosts: string[] = []) => ({ code, hosts }) as unknown as PartnerRow;
const dir = buildDirectory([row('delta'), row('hilton', ['eat.hilton.example'])], { 'dining.example.com': 'hilton' });

describe('partner by host', () => {
  it.each([
    ['delta.localhost', 'delta'],
    ['delta.dining.example.org', 'delta'],
    ['eat.hilton.example', 'hilton'],
    ['dining.example.com', 'hilton'],
    ['localhost', 'delta'],
    ['127.0.0.1', 'delta'],
    ['[::1]', 'delta'],
  ])('%s → %s', (host, code) => {
    expect(resolvePartner(dir, host, 'delta')?.code).toBe(code);
  });

  it('finds no partner for an unknown sub-domain', () => {
    expect(resolvePartner(dir, 'evil.localhost', 'delta')).toBeUndefined();
    expect(resolvePartner(dir, 'www.example.com', 'delta')).toBeUndefined();
  });

  it('normalises the Host header', () => {
    expect(hostName('Delta.LocalHost:3000')).toBe('delta.localhost');
    expect(hostName('[::1]:3000')).toBe('[::1]');
    expect(hostName('example.com.')).toBe('example.com');
    expect(hostName(undefined)).toBe('');
  });
});
