import { describe, expect, it } from 'vitest';
import { noControl, noControlButLines } from './text';

describe('control characters in text fields', () => {
  it('one-line fields refuse every control character, line breaks and tabs included', () => {
    expect(noControl('Café Zoë, 5th Ave — table by the window')).toBe(true);
    for (const c of ['\u0000', '\u0007', '\t', '\n', '\r', '\u001f', '\u007f']) expect(noControl(`a${c}b`)).toBe(false);
  });

  it('free text keeps line breaks and tabs but refuses the other control characters', () => {
    expect(noControlButLines('Birthday dinner.\r\nHigh chair, please.\tThanks')).toBe(true);
    for (const c of ['\u0000', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\u007f']) expect(noControlButLines(`a${c}b`)).toBe(false);
  });
});
