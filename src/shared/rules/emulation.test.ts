import { describe, expect, it } from 'vitest';
import { isEmulationExitMessage, staleEmulation } from './emulation';

const CONSOLE = 'https://ops.example.com';

describe('isEmulationExitMessage (§4 emulation)', () => {
  it('accepts exit data from exactly the console origin', () => {
    expect(isEmulationExitMessage({ origin: CONSOLE, data: { exit: true } }, CONSOLE)).toBe(true);
    expect(isEmulationExitMessage({ origin: CONSOLE, data: { type: 'exitEmulation' } }, CONSOLE)).toBe(true);
  });

  it('refuses every other origin, look-alikes included', () => {
    for (const origin of ['https://evil.example', 'http://ops.example.com', 'https://ops.example.com:8443', 'https://ops.example.com.evil.example',
      'https://evil-ops.example.com', 'null', '']) {
      expect(isEmulationExitMessage({ origin, data: { exit: true } }, CONSOLE), origin).toBe(false);
    }
  });

  it('refuses everything when no console origin is configured', () => {
    expect(isEmulationExitMessage({ origin: CONSOLE, data: { exit: true } }, null)).toBe(false);
    expect(isEmulationExitMessage({ origin: '', data: { exit: true } }, '')).toBe(false);
    expect(isEmulationExitMessage({ origin: 'null', data: { exit: true } }, undefined)).toBe(false);
  });

  it('refuses messages without exit data', () => {
    for (const data of [null, undefined, 'exit', true, { exit: 'true' }, { exit: false }, { type: 'start' }, {}]) {
      expect(isEmulationExitMessage({ origin: CONSOLE, data }, CONSOLE)).toBe(false);
    }
  });
});

describe('staleEmulation', () => {
  it('is stale when an emulation id is stored and this window is not running it', () => {
    expect(staleEmulation({ storedId: 'e-1', windowEmulationId: null })).toBe(true);
    expect(staleEmulation({ storedId: 'e-1', windowEmulationId: 'e-0' })).toBe(true);
  });

  it('is not stale in the emulating window or without a stored id', () => {
    expect(staleEmulation({ storedId: 'e-1', windowEmulationId: 'e-1' })).toBe(false);
    expect(staleEmulation({ storedId: null, windowEmulationId: null })).toBe(false);
    expect(staleEmulation({ storedId: null, windowEmulationId: 'e-1' })).toBe(false);
  });
});
