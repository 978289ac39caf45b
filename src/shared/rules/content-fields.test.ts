import { describe, expect, it } from 'vitest';
import { announcementPieces, bannerFields, bool, str } from './content-fields';

/** Not an object: a function carrying the fields is still not read. */
const fnWith = (fields: Record<string, unknown>) => Object.assign(() => undefined, fields);

describe('str', () => {
  it('a string, trimmed', () => {
    expect(str('  Earn more  ')).toBe('Earn more');
    expect(str('x')).toBe('x');
    expect(str('')).toBe('');
    expect(str(' \n\t ')).toBe('');
  });

  it('any other type is absent', () => {
    for (const v of [undefined, null, 0, 42, true, ['a'], { a: 'b' }]) expect(str(v), String(v)).toBe('');
  });
});

describe('bool', () => {
  it('true and "true" only', () => {
    expect(bool(true)).toBe(true);
    expect(bool('true')).toBe(true);
    for (const v of [false, 'false', 'TRUE', ' true', 1, 'yes', null, undefined, {}]) expect(bool(v), String(v)).toBe(false);
  });
});

describe('bannerFields (§3 content-page banner)', () => {
  it('reads the fields', () => {
    expect(bannerFields({
      enable_banner: true,
      image: ' /img/d.jpg ',
      image_mobile: ' /img/m.jpg ',
      alt_text: ' A table for two ',
      image_x_position: 30,
      image_y_position: 'top',
      include_welcome_message: 'true',
      include_prospect_email: true,
    })).toStrictEqual({
      enabled: true,
      image: '/img/d.jpg',
      imageMobile: '/img/m.jpg',
      alt: 'A table for two',
      position: '30% top',
      includeWelcome: true,
      includeProspectEmail: true,
    });
  });

  it('what is not an object is an empty, hidden banner', () => {
    const empty = { enabled: false, image: '', imageMobile: '', alt: '', position: '50% 50%', includeWelcome: false, includeProspectEmail: false };
    for (const v of [undefined, null, 0, '', 'banner', true]) expect(bannerFields(v), String(v)).toStrictEqual(empty);
    expect(bannerFields({})).toStrictEqual(empty);
    expect(bannerFields(fnWith({ image: '/img/d.jpg', enable_banner: true }))).toStrictEqual(empty);
  });

  describe('enabled', () => {
    it('without the switch: shown when there is an image, desktop or mobile', () => {
      expect(bannerFields({ image: '/d.jpg' }).enabled).toBe(true);
      expect(bannerFields({ image_mobile: '/m.jpg' }).enabled).toBe(true);
      expect(bannerFields({ image: '  ', image_mobile: '' }).enabled).toBe(false);
      expect(bannerFields({ alt_text: 'no image' }).enabled).toBe(false);
    });

    it('the switch decides when present, image or not', () => {
      expect(bannerFields({ enable_banner: false, image: '/d.jpg' }).enabled).toBe(false);
      expect(bannerFields({ enable_banner: 'false', image: '/d.jpg' }).enabled).toBe(false);
      expect(bannerFields({ enable_banner: null, image: '/d.jpg' }).enabled).toBe(false);
      expect(bannerFields({ enable_banner: true }).enabled).toBe(true);
      expect(bannerFields({ enable_banner: 'true' }).enabled).toBe(true);
    });
  });

  it('the switches are off unless true', () => {
    expect(bannerFields({ include_welcome_message: true, include_prospect_email: 'true' })).toMatchObject({ includeWelcome: true, includeProspectEmail: true });
    expect(bannerFields({ include_welcome_message: 'yes', include_prospect_email: 1 })).toMatchObject({ includeWelcome: false, includeProspectEmail: false });
  });

  describe('position (CSS object-position, x then y)', () => {
    const at = (x: unknown, y: unknown = 'center') => bannerFields({ image_x_position: x, image_y_position: y }).position;

    it('a number is a percent, kept between 0 and 100', () => {
      expect(at(40)).toBe('40% center');
      expect(at(0)).toBe('0% center');
      expect(at(100)).toBe('100% center');
      expect(at(12.5)).toBe('12.5% center');
      expect(at(-0.1)).toBe('0% center');
      expect(at(-20)).toBe('0% center');
      expect(at(100.1)).toBe('100% center');
      expect(at(140)).toBe('100% center');
      expect(at(0, 99)).toBe('0% 99%');
    });

    it('a number that is not finite is centred', () => {
      expect(at(Number.NaN, 10)).toBe('50% 10%');
      expect(at(Number.POSITIVE_INFINITY, 10)).toBe('50% 10%');
      expect(at(Number.NEGATIVE_INFINITY, 10)).toBe('50% 10%');
    });

    it("a string: '40', '40%', '12.5', trimmed", () => {
      expect(at('40')).toBe('40% center');
      expect(at('40%')).toBe('40% center');
      expect(at(' 7 ')).toBe('7% center');
      expect(at('0')).toBe('0% center');
      expect(at('100')).toBe('100% center');
      expect(at('12.5')).toBe('12.5% center');
      expect(at('12.25%')).toBe('12.25% center');
      expect(at('0', '33%')).toBe('0% 33%');
    });

    it('a string that is not one to three digits (and decimals) is centred', () => {
      for (const v of ['', 'abc', '1000', '1000%', '.5', '5.', '5.%', '-5', '+5', 'x40', '40x', '40%%', '%40', '4 0', '40px', '1e2']) {
        expect(at(v, 'top'), JSON.stringify(v)).toBe('50% top');
      }
    });

    it('the keywords of each axis, any case', () => {
      expect(at('left', 'top')).toBe('left top');
      expect(at('center', 'center')).toBe('center center');
      expect(at('right', 'bottom')).toBe('right bottom');
      expect(at(' RIGHT ', 'Bottom')).toBe('right bottom');
    });

    it("another axis's keyword, or anything else, is centred", () => {
      expect(at('top', 'left')).toBe('50% 50%');
      expect(at('bottom', 'right')).toBe('50% 50%');
      expect(at('middle', 'centre')).toBe('50% 50%');
      expect(at(true, ['top'])).toBe('50% 50%');
      expect(at(null, { y: 1 })).toBe('50% 50%');
    });
  });
});

describe('announcementPieces (§2 announcement banner)', () => {
  it('text pieces and links, in order', () => {
    expect(announcementPieces([
      { copy: 'Double miles this week.' },
      { copy: ' See the offers ', url: ' /offers ', new_tab: true },
      { copy: 'Terms', url: 'https://example.com/terms', new_tab: false },
    ])).toStrictEqual([
      { copy: 'Double miles this week.', url: undefined, new_tab: false },
      { copy: ' See the offers ', url: ' /offers ', new_tab: true },
      { copy: 'Terms', url: 'https://example.com/terms', new_tab: false },
    ]);
  });

  it('what is not a list has no pieces', () => {
    for (const v of [undefined, null, '', 'text', 3, { copy: 'x' }]) expect(announcementPieces(v), String(v)).toEqual([]);
  });

  it('a piece without text is left out', () => {
    expect(announcementPieces([
      null, undefined, 0, 'loose text', ['x'], {}, { copy: '' }, { copy: '   ' }, { copy: 5 }, { url: '/x' },
      fnWith({ copy: 'a function is not a piece' }),
      { copy: 'kept' },
    ])).toStrictEqual([{ copy: 'kept', url: undefined, new_tab: false }]);
  });

  it('a link needs a non-blank string url; new_tab only when true', () => {
    expect(announcementPieces([
      { copy: 'a', url: '' },
      { copy: 'b', url: '  ' },
      { copy: 'c', url: 42 },
      { copy: 'd', url: '/d', new_tab: 'true' },
      { copy: 'e', url: '/e', new_tab: 1 },
    ])).toStrictEqual([
      { copy: 'a', url: undefined, new_tab: false },
      { copy: 'b', url: undefined, new_tab: false },
      { copy: 'c', url: undefined, new_tab: false },
      { copy: 'd', url: '/d', new_tab: false },
      { copy: 'e', url: '/e', new_tab: false },
    ]);
  });
});
