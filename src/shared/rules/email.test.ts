import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EMAIL_LONGEST, EMAIL_MAX, EMAIL_MESSAGE, EMAIL_REQUIRED_MESSAGE, EMAIL_TOO_LONG_MESSAGE, emailProblem, isValidEmail, looksLikeEmail,
  normaliseEmail, SIMPLE_EMAIL, STRICT_EMAIL,
} from './email';
import { ZProspectEmailRequest, ZProspectSignUpRequest, ZRecoverRequest } from '../schemas/member';

/** An address of exactly `length` characters: a long local part, then '@example.com'. */
const ofLength = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const ok of [
      'ana@example.com', 'ana.maria+dining@mail.example.co.uk', 'A@B.CO', 'a@b.co', '7@example.com', 'ana_b@example.com',
      'ana%b@example.com', 'ana-b@example.com', 'a.b.c@example.com', 'ana_@example.com', 'ana%@example.com', 'ana+@example.com',
      'ana-@example.com', 'ana@sub-domain.example.com', 'ana@a-b.io', 'ana@9.example.com', 'ana@a9.example.com', 'Ana@Example.COM',
    ]) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });

  it('trims before checking', () => {
    expect(isValidEmail('  ana@example.com  ')).toBe(true);
    expect(isValidEmail('\tana@example.com\n')).toBe(true);
  });

  it('rejects what the simple or the strict pattern rejects', () => {
    for (const bad of [
      '', ' ', 'ana', 'ana@', '@example.com', 'ana@example', 'ana@example.c', 'ana@example.c0', 'ana@example.123', 'ana @example.com',
      'ana@exa mple.com', 'ana@@example.com', 'ana@b@example.com', 'ana@example..com', 'ana@.example.com', 'ana@-example.com',
      'ana@example-.com', 'ana@example.com.', 'ana@example.com-', '.ana@example.com', 'ana.@example.com', '-ana@example.com',
      '_ana@example.com', 'an a@example.com', 'ana!@example.com', 'ana(b)@example.com', 'ana@exam_ple.com', 'ana@example.c-m',
      'ana@example.com x', 'x ana@example.com', 'ana@example.co1', 'ana@example', 'ana@ex%ample.com', 'ana@example.com\u0000',
    ]) {
      expect(isValidEmail(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('rejects two dots in a row', () => {
    expect(isValidEmail('ana..b@example.com')).toBe(false);
    expect(isValidEmail('a..@example.com')).toBe(false);
    expect(isValidEmail('ana.b@example.com')).toBe(true);
  });

  it('keeps the strict local-part length: 64 characters at most', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('keeps the strict label length: 63 characters at most', () => {
    expect(isValidEmail(`ana@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`ana@${'b'.repeat(64)}.com`)).toBe(false);
  });

  it(`accepts up to ${EMAIL_LONGEST} characters`, () => {
    // Every label within 63 characters, so only the overall length can refuse it.
    const at = (length: number) => {
      const base = `ana@${`${'b'.repeat(60)}.`.repeat(4)}`;
      return `${base}${'c'.repeat(length - base.length - 4)}.com`;
    };
    expect(at(EMAIL_LONGEST)).toHaveLength(EMAIL_LONGEST);
    expect(isValidEmail(at(EMAIL_LONGEST))).toBe(true);
    expect(isValidEmail(at(EMAIL_LONGEST + 1))).toBe(false);
    expect(isValidEmail(` ${at(EMAIL_LONGEST)} `)).toBe(true);
  });

  it('implies the simple shape of §5 (property)', () => {
    fc.assert(fc.property(fc.string(), (s) => !isValidEmail(s) || looksLikeEmail(s)));
    fc.assert(fc.property(fc.emailAddress(), (s) => !isValidEmail(s) || (SIMPLE_EMAIL.test(s.trim()) && STRICT_EMAIL.test(s.trim()))));
  });
});

describe('looksLikeEmail (the simple shape, for configured contacts)', () => {
  it('accepts text, @, domain, dot, two or more letters', () => {
    for (const ok of ['ana@example.com', '.ana@example.com', 'a!b@ex_ample.com', 'x@y.zz', '  help@example.org  ']) expect(looksLikeEmail(ok), ok).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'ana', 'ana@example', 'ana@example.c', 'ana@example.c0', 'a na@example.com', 'ana@exa mple.com', 'ana@@example.com',
      'a@b@example.com', '@example.com', 'ana@.com', 'x ana@example.com', 'ana@example.com x', 'https://example.com/help', 'ana@example.com1']) {
      expect(looksLikeEmail(bad), bad).toBe(false);
    }
  });
});

describe('emailProblem (forms) and the shared schemas (server) apply one rule', () => {
  it('names what is wrong, in order: missing, too long, not an address', () => {
    expect(emailProblem('')).toBe(EMAIL_REQUIRED_MESSAGE);
    expect(emailProblem('   ')).toBe(EMAIL_REQUIRED_MESSAGE);
    expect(emailProblem(ofLength(EMAIL_MAX))).toBeNull();
    expect(emailProblem(` ${ofLength(EMAIL_MAX)} `)).toBeNull();
    expect(emailProblem(ofLength(EMAIL_MAX + 1))).toBe(EMAIL_TOO_LONG_MESSAGE);
    expect(emailProblem('a'.repeat(EMAIL_MAX + 1))).toBe(EMAIL_TOO_LONG_MESSAGE);
    expect(emailProblem('a'.repeat(EMAIL_MAX))).toBe(EMAIL_MESSAGE);
    expect(emailProblem('.a@b.com')).toBe(EMAIL_MESSAGE);
    expect(emailProblem('ana@example.com')).toBeNull();
  });

  it('uses the wording of §5 / §8', () => {
    expect(EMAIL_MAX).toBe(50);
    expect(EMAIL_LONGEST).toBe(254);
    expect(EMAIL_REQUIRED_MESSAGE).toBe('This field is required.');
    expect(EMAIL_MESSAGE).toBe('Please enter a valid email address.');
    expect(EMAIL_TOO_LONG_MESSAGE).toBe('Email must be 50 characters or fewer.');
  });

  const samples = [
    '', ' ', '.a@b.com', 'a@b.com', ' Ana@Example.com ', 'ana..b@example.com', 'ana@example', 'ana@example.c', 'ana@-x.com',
    ofLength(EMAIL_MAX), ofLength(EMAIL_MAX + 1), `${'a'.repeat(51)}`, 'x@y.zz', 'ana@example.com\n', 'a b@c.de',
  ];
  const schemas = {
    prospect: (email: string) => ZProspectEmailRequest.safeParse({ email }),
    recover: (email: string) => ZRecoverRequest.safeParse({ email }),
    join: (email: string) => ZProspectSignUpRequest.safeParse({ email, password: 'x', passwordConfirm: 'x', firstName: 'A', lastName: 'B', zipCode: '10001' }),
  };

  it.each(Object.entries(schemas))('the %s schema refuses exactly what the page refuses, with the same first message', (_name, parse) => {
    for (const email of samples) {
      const result = parse(email);
      const emailIssue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === 'email');
      expect(emailIssue?.message ?? null, JSON.stringify(email)).toBe(emailProblem(email));
    }
  });

  it('the schemas agree with the page on any string (property)', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.emailAddress()), (email) => {
      const result = ZRecoverRequest.safeParse({ email });
      return result.success === (emailProblem(email) === null);
    }));
  });

  it('the schemas store the normalised address', () => {
    const result = ZRecoverRequest.safeParse({ email: '  Ana@Example.COM ' });
    expect(result.success && result.data.email).toBe('ana@example.com');
  });
});

describe('normaliseEmail', () => {
  it('normalises to trimmed lower case', () => {
    expect(normaliseEmail('  Ana@Example.COM ')).toBe('ana@example.com');
  });
});
