// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Footer, footerLogoChain } from './footer';
import { detectPlatform } from '../../components/platform';
import { makeContentState, makePartnerConfig } from '../../test/partner-fixture';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { makeMember } from '../../test/member-fixture';
import { MEMBER_QUERY_KEY } from '../../features/session/api';
import type { Member } from '#shared/schemas/member';
import type { PartnerConfig } from '#shared/schemas/partner';

const UA = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  native: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 RNDiningApp/3.2.0',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderFooter(overrides: Partial<PartnerConfig> = {}, userAgent = UA.desktop, member: Member | null = null) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(MEMBER_QUERY_KEY, member);
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const partner = makePartnerConfig(overrides);
  const content = makeContentState(
    {
      '*': [
        {
          slug: 'footer',
          fields: {
            primary_links: [
              { text: 'How it works', url: '/how-it-works', new_tab: false },
              { text: 'FAQ', url: 'https://test.example/faq', new_tab: true },
            ],
            secondary_links: [{ text: 'Privacy policy', url: 'https://test.example/privacy', new_tab: true }],
            disclaimer: '<p>{{programName1}} terms apply. <script>alert(1)</script></p>',
            copyright: '© {{currentYear}} {{partnerName2}}. All rights reserved.',
          },
        },
      ],
    },
    partner,
  );
  return renderWithProviders(<Footer />, { partner, content, queryClient });
}

describe('Footer support contact', () => {
  it('is a mailto link when the contact looks like an e-mail address', () => {
    renderFooter({ customerSupport: { phone: { href: 'tel:+18005550100', formatted: '1-800-555-0100' }, email: { href: 'help@test.example', display: 'help@test.example' } } });
    const link = screen.getByRole('link', { name: 'help@test.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@test.example');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('keeps an explicit mailto: href', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'help@test.example' }).getAttribute('href')).toBe('mailto:help@test.example');
  });

  it('opens a contact page in a new tab otherwise', () => {
    renderFooter({ customerSupport: { phone: { href: 'tel:+18005550100', formatted: '1-800-555-0100' }, email: { href: 'https://help.test.example/contact', display: 'Contact us' } } });
    const link = screen.getByRole('link', { name: /Contact us/ });
    expect(link.getAttribute('href')).toBe('https://help.test.example/contact');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.textContent).toContain('(opens in a new tab)');
  });
});

describe('Footer store badges', () => {
  const storeLinks = () => screen.queryByRole('list', { name: 'Get the app' });

  it('shows both stores on desktop', () => {
    renderFooter({}, UA.desktop);
    const list = storeLinks()!;
    expect(within(list).getByRole('link', { name: /Download on the App Store/ }).getAttribute('href')).toBe('https://apps.example.com/ios/test');
    expect(within(list).getByRole('link', { name: /Get it on Google Play/ }).getAttribute('href')).toBe('https://apps.example.com/android/test');
  });

  it('shows only the App Store on iOS', () => {
    renderFooter({}, UA.iphone);
    const list = storeLinks()!;
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: /App Store/ })).toBeTruthy();
  });

  it('shows only Google Play on Android', () => {
    renderFooter({}, UA.android);
    const list = storeLinks()!;
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: /Google Play/ })).toBeTruthy();
  });

  it('is hidden inside the native app and when the partner has no store links', () => {
    renderFooter({}, UA.native);
    expect(storeLinks()).toBeNull();
    cleanup();
    renderFooter({ storeLinks: null }, UA.desktop);
    expect(storeLinks()).toBeNull();
  });

  it('detects iPadOS from touch support', () => {
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 5)).toBe('ios');
    expect(detectPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 0)).toBe('desktop');
  });
});

describe('Footer links and legal', () => {
  it('ends the primary links with the join link for anonymous visitors', () => {
    renderFooter({ enrollmentType: 'sso' });
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const [primary] = within(nav).getAllByRole('list');
    const links = within(primary!).getAllByRole('link');
    expect(links.at(-1)!.textContent).toBe('Join');
    expect(links.at(-1)!.getAttribute('href')).toBe('/join');
  });

  it('has no auth link when the partner has no enrolment', () => {
    renderFooter({ enrollmentType: 'none' });
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('shows copyright, the sanitised disclaimer and the logos', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Test Airlines. All rights reserved.`);
    expect(footer.textContent).toContain('Test Dining Rewards terms apply.');
    expect(footer.querySelector('script')).toBeNull();
    expect(screen.getByRole('img', { name: 'Test Dining' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Dining Network' })).toBeTruthy();
  });

  it("never shows another partner's logo in the chain, and the partner's own logo once (issue 13)", () => {
    renderFooter({ code: 'upromise', name: 'Upromise Dining', logoChain: ['/partner/logos/upromise.svg', '/partner/logos/ftch.svg', '/partner/logos/FTCH.svg'] });
    const footer = screen.getByRole('contentinfo');
    const sources = [...footer.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toContain('/partner/logos/upromise.svg');
    expect(sources.filter((src) => src?.includes('ftch') || src?.includes('FTCH'))).toEqual([]);
    expect(screen.getAllByRole('img', { name: 'Upromise Dining' })).toHaveLength(1);
    expect(footerLogoChain({ code: 'caesars', logoChain: ['/partner/logos/caesars.svg', '/partner/logos/wynd.svg', 'javascript:alert(1)'] })).toEqual(['/partner/logos/caesars.svg']);
  });

  it('hides the network logo when the partner says so', () => {
    renderFooter({ showNetworkLogo: false });
    expect(screen.queryByRole('img', { name: 'Dining Network' })).toBeNull();
  });
});

describe('Footer per member state', () => {
  const lastPrimaryLink = () => {
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const [primary] = within(nav).getAllByRole('list');
    return within(primary!).getAllByRole('link').at(-1)!;
  };

  it('ends the primary links with the account centre for a card member', () => {
    renderFooter({}, UA.desktop, makeMember());
    expect(lastPrimaryLink().textContent).toBe('My Account');
    expect(lastPrimaryLink().getAttribute('href')).toBe('/account/overview');
  });

  it('ends the primary links with the join link for a non-card member', () => {
    renderFooter({}, UA.desktop, makeMember({ memberType: 'NonCardMember' }));
    expect(lastPrimaryLink().textContent).toBe('Join');
  });

  it('shows the VIP support contact to VIP members only', () => {
    const vipCustomerSupport = { phone: { href: 'tel:+18005550199', formatted: '1-800-555-0199' }, email: { href: 'mailto:vip@test.example', display: 'vip@test.example' } };
    renderFooter({ vipCustomerSupport }, UA.desktop, makeMember({ tierLevel: 3 }));
    expect(screen.getByRole('link', { name: 'vip@test.example' }).getAttribute('href')).toBe('mailto:vip@test.example');
    expect(screen.queryByRole('link', { name: 'help@test.example' })).toBeNull();
    cleanup();
    renderFooter({ vipCustomerSupport }, UA.desktop, makeMember({ tierLevel: 2 }));
    expect(screen.getByRole('link', { name: 'help@test.example' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'vip@test.example' })).toBeNull();
  });
});
