// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_IDS } from '#shared/first-screen';
import type { PartnerConfig } from '#shared/schemas/partner';
import { visitorMayJoin } from './prospect-form-loader';

const direct = { enrollmentType: 'direct' } as PartnerConfig;
const sso = { enrollmentType: 'sso' } as unknown as PartnerConfig;

function pageWithVisit(text: string | null) {
  document.body.innerHTML = text === null ? '' : `<script id="${FIRST_SCREEN_IDS.visit}" type="application/json">${text}</script>`;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('visitorMayJoin (the home page fetches the e-mail form early)', () => {
  it('is true for a visitor of a partner one joins on the site', () => {
    pageWithVisit('{"member":null,"queries":[]}');
    expect(visitorMayJoin(direct)).toBe(true);
  });

  it('is false for a signed-in member, a single sign-on partner, or a page without the visit data', () => {
    pageWithVisit('{"member":{"firstName":"Ann"},"queries":[]}');
    expect(visitorMayJoin(direct)).toBe(false);
    pageWithVisit('{"member":null,"queries":[]}');
    expect(visitorMayJoin(sso)).toBe(false);
    pageWithVisit(null);
    expect(visitorMayJoin(direct)).toBe(false);
    pageWithVisit('{not json');
    expect(visitorMayJoin(direct)).toBe(false);
  });
});
