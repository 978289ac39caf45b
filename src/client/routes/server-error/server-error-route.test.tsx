// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ServerErrorRoute, makeReferenceCode } from './server-error-route';
import { makePartnerConfig } from '../../test/partner-fixture';
import { renderWithProviders } from '../../test/render';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ServerErrorRoute', () => {
  it('uses the §8 wording with a reference code and the support phone', () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    renderWithProviders(<ServerErrorRoute />, {
      partner: makePartnerConfig({ customerSupport: { phone: { href: '18005550199', formatted: '1-800-555-0199' }, email: { href: '', display: '' } } }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Looks like this page is still simmering' })).toBeTruthy();
    const code = screen.getByTestId('reference-code').textContent!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(document.body.textContent).toContain(`Reference code: ${code}`);
    const phone = screen.getByRole('link', { name: '1-800-555-0199' });
    expect(phone.getAttribute('href')).toBe('tel:18005550199');
  });

  it('makes a fresh, unambiguous code each time', () => {
    const codes = new Set(Array.from({ length: 50 }, () => makeReferenceCode()));
    expect(codes.size).toBeGreaterThan(45);
    for (const c of codes) expect(c).not.toMatch(/[01ILO]/);
  });
});
