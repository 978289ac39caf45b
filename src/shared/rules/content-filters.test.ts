import { describe, expect, it } from 'vitest';
import type { CmsItem } from '../schemas/cms';
import { filterContentItems, homeItemFor, keyBySlug } from './content-filters';

const item = (slug: string, fields: Record<string, unknown>): CmsItem => ({ id: slug.length, slug, status: 'published', updatedAt: '', fields });

describe('content filtering rules (§3)', () => {
  it('keeps home items only with non-empty user_states', () => {
    const items = [item('a', { user_states: ['anonymous'] }), item('b', { user_states: [] }), item('c', {})];
    expect(filterContentItems('home', items).map((i) => i.slug)).toEqual(['a']);
  });

  it('keeps account_center items only with a referral_link', () => {
    const items = [item('a', { referral_link: { is_enabled: false } }), item('b', { link_groups: [] }), item('c', { referral_link: null })];
    expect(filterContentItems('account_center', items).map((i) => i.slug)).toEqual(['a']);
  });

  it('keeps earn_details items only with a url', () => {
    const items = [item('a', { url: '/how-it-works' }), item('b', { url: '' }), item('c', {})];
    expect(filterContentItems('earn_details', items).map((i) => i.slug)).toEqual(['a']);
  });

  it('keeps earn_banner items only with a non-empty text list', () => {
    const items = [item('a', { text: ['Earn more'] }), item('b', { text: [] }), item('c', { text: ['  '] }), item('d', {}), item('e', { text: ['', 'Earn'] })];
    expect(filterContentItems('earn_banner', items).map((i) => i.slug)).toEqual(['a', 'e']);
  });

  it('keeps everything on other pages and keys popup/sidebar by slug', () => {
    const items = [item('general', { body_text: 'Hi' }), item('search', { page_text: 'Tip' })];
    expect(filterContentItems('popup', items)).toHaveLength(2);
    expect(keyBySlug(items)).toEqual({ general: { body_text: 'Hi' }, search: { page_text: 'Tip' } });
  });

  it('picks the home item for an audience, falling back to anonymous', () => {
    const items = [item('anon', { user_states: ['anonymous'] }), item('card', { user_states: ['card_member'] })];
    expect(homeItemFor(items, 'card_member')?.slug).toBe('card');
    expect(homeItemFor(items, 'non_card_member')?.slug).toBe('anon');
    // Anonymous is looked for wherever it is, before the first item is taken.
    const cardFirst = [item('card', { user_states: ['card_member'] }), item('anon', { user_states: ['anonymous'] })];
    expect(homeItemFor(cardFirst, 'non_card_member')?.slug).toBe('anon');
    expect(homeItemFor([item('card', { user_states: ['card_member'] })], 'non_card_member')?.slug).toBe('card');
    expect(homeItemFor([], 'anonymous')).toBeUndefined();
  });
});
