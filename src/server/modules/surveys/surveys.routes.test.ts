import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { TestBrowser } from '../../test/browser';
import { contentPages, members, surveyResponses } from '../../db/schema';
import { demoPublicId } from '../../demo/members';
import { answerMessages, SURVEY_MESSAGES } from '#shared/rules/surveys';
import type { StgSurveyResponsesResponse, SurveyResponseCreated } from '#shared/schemas/surveys';
import { OTHER_PARTNER_CODE, SURVEY_NOT_FOUND } from './surveys.service';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const HILTON = 'hilton-dining-experience-2026';
const good = { overall: 4, frequency: 'About once a week', improve: '  More places near the airport.  ' };
const embed = (path: string, partner = 'hilton') => ({ utm_campaign: HILTON, utm_medium: 'web', utm_source: path, partner_code: partner });
const post = (b: TestBrowser, surveyId: string, payload: object, opts: { csrf?: boolean; host?: string } = {}) =>
  b.send({ method: 'POST', url: `/api/surveys/${encodeURIComponent(surveyId)}/responses`, payload, ...opts });
const rowsOf = (surveyId: string) => t.database.db.select().from(surveyResponses).where(eq(surveyResponses.surveyId, surveyId));
async function signedIn(partner: string, slug: string): Promise<TestBrowser> {
  const b = new TestBrowser(t, partner);
  expect((await b.signInAs(demoPublicId(partner, slug))).statusCode).toBe(200);
  return b;
}
const stg = (b: TestBrowser) => b.send({ method: 'GET', url: '/api/stgtools/survey-responses' });

describe('POST /api/surveys/{surveyId}/responses', () => {
  it("stores a visitor's answers, trimmed, with the §7 embed parameters and no member", async () => {
    const b = new TestBrowser(t, 'hilton');
    const res = await post(b, HILTON, { answers: good, ...embed('/how-it-works') });
    expect(res.statusCode).toBe(201);
    const body = res.json<SurveyResponseCreated>();
    expect(body).toMatchObject({ id: expect.any(Number), surveyId: HILTON });
    const [row] = (await rowsOf(HILTON)).filter((r) => r.id === body.id);
    expect(row).toMatchObject({
      memberId: null, publicId: null, answers: { overall: 4, frequency: 'About once a week', improve: 'More places near the airport.' },
      utmCampaign: HILTON, utmMedium: 'web', utmSource: '/how-it-works',
    });
  });

  it("stores a signed-in member's answers with the member and their public id, whatever public_id the body says", async () => {
    const b = await signedIn('hilton', 'select-card');
    const res = await post(b, HILTON, { answers: { overall: 5, frequency: 'Once a month or less' }, ...embed('/'), public_id: demoPublicId('hilton', 'vip-card') });
    expect(res.statusCode).toBe(201);
    const [row] = (await rowsOf(HILTON)).filter((r) => r.id === res.json<SurveyResponseCreated>().id);
    const [sam] = await t.database.db.select().from(members).where(eq(members.publicId, demoPublicId('hilton', 'select-card')));
    expect(row).toMatchObject({ memberId: sam!.id, publicId: sam!.publicId, answers: { overall: 5, frequency: 'Once a month or less' } });
  });

  it("keeps a visitor's public_id only when it names a member of this partner", async () => {
    const b = new TestBrowser(t, 'hilton');
    const known = await post(b, HILTON, { answers: { overall: 3, frequency: 'A few times a month' }, public_id: demoPublicId('hilton', 'visitor-new') });
    const stranger = await post(b, HILTON, { answers: { overall: 3, frequency: 'A few times a month' }, public_id: demoPublicId('ihg', 'select-card') });
    const rows = await rowsOf(HILTON);
    expect(rows.find((r) => r.id === known.json<SurveyResponseCreated>().id)).toMatchObject({ memberId: null, publicId: demoPublicId('hilton', 'visitor-new') });
    expect(rows.find((r) => r.id === stranger.json<SurveyResponseCreated>().id)).toMatchObject({ memberId: null, publicId: null });
  });

  it('refuses answers that do not fit the questions, naming each, and stores nothing', async () => {
    // A browser (an address) per call: bad calls count towards the per-address limit too.
    const before = (await rowsOf(HILTON)).length;
    const cases: Array<[object, Array<{ field: string; message: string }>]> = [
      [{ frequency: 'About once a week' }, [{ field: 'answers.overall', message: answerMessages.required }]],
      [{ overall: 6, frequency: 'About once a week' }, [{ field: 'answers.overall', message: answerMessages.rating }]],
      [{ overall: 2.5, frequency: 'About once a week' }, [{ field: 'answers.overall', message: answerMessages.rating }]],
      [{ overall: 4, frequency: 'Daily' }, [{ field: 'answers.frequency', message: answerMessages.choice }]],
      [{ overall: 4, frequency: 'About once a week', improve: 'x'.repeat(501) }, [{ field: 'answers.improve', message: answerMessages.tooLong(500) }]],
      [{ overall: 4, frequency: 'About once a week', bonus: 'x' }, [{ field: 'answers.bonus', message: answerMessages.unknown }]],
    ];
    for (const [answers, fieldErrors] of cases) {
      const res = await post(new TestBrowser(t, 'hilton'), HILTON, { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
      expect(res.json().message).toBe(fieldErrors.map((f) => f.message).join(' '));
    }
    for (const payload of [{}, { answers: [] }, { answers: { overall: true } }, { answers: { overall: 'a\u0000b' } }, { answers: good, utm_source: 'x'.repeat(301) }]) {
      const res = await post(new TestBrowser(t, 'hilton'), HILTON, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await rowsOf(HILTON)).length).toBe(before);
  });

  it('asks for at least one answer when every question is optional', async () => {
    await t.database.db.insert(contentPages).values({
      partnerId: (await partnerId('hilton')), contentName: 'surveys', slug: 'optional-only', status: 'published', sortOrder: 9,
      fields: { id: 'hilton-optional', text: 'Optional', questions: [{ id: 'note', type: 'free_text', label: 'Anything?' }] },
    });
    const b = new TestBrowser(t, 'hilton');
    const res = await post(b, 'hilton-optional', { answers: { note: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: SURVEY_MESSAGES.atLeastOne, fieldErrors: [{ field: 'answers', message: SURVEY_MESSAGES.atLeastOne }] });
    expect((await post(b, 'hilton-optional', { answers: { note: 'Fine' } })).statusCode).toBe(201);
  });

  it("answers 404 for an unknown survey and for another partner's, and 400 for a partner_code of another site", async () => {
    const b = new TestBrowser(t, 'hilton');
    const unknown = await post(b, 'no-such-survey', { answers: good });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(SURVEY_NOT_FOUND);
    const other = await post(b, 'ihg-dining-experience-2026', { answers: good });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SURVEY_NOT_FOUND);
    const code = await post(b, HILTON, { answers: good, partner_code: 'ihg' });
    expect(code.statusCode).toBe(400);
    expect(code.json().message).toBe(OTHER_PARTNER_CODE);
    for (const id of ['../etc', 'a b']) {
      const weird = await post(b, id, { answers: good });
      expect(weird.statusCode).toBe(400);
      expect(weird.json().message).toMatch(/surveyId is a survey id/);
    }
  });

  it('a draft survey cannot be answered', async () => {
    await t.database.db.insert(contentPages).values({
      partnerId: (await partnerId('hilton')), contentName: 'surveys', slug: 'draft-one', status: 'draft', sortOrder: 10,
      fields: { id: 'hilton-draft', text: 'Draft', questions: [{ id: 'note', type: 'free_text', label: 'Anything?' }] },
    });
    expect((await post(new TestBrowser(t, 'hilton'), 'hilton-draft', { answers: { note: 'x' } })).statusCode).toBe(404);
  });

  it('refuses a call without the anti-forgery token before anything else', async () => {
    const b = new TestBrowser(t, 'hilton');
    const before = (await rowsOf(HILTON)).length;
    const res = await b.send({ method: 'POST', url: `/api/surveys/${HILTON}/responses`, payload: { answers: good }, headers: { 'x-xsrf-token': 'forged' } });
    expect(res.statusCode).toBe(403);
    const none = await t.request('hilton', { method: 'POST', url: `/api/surveys/no-such/responses`, payload: {} });
    expect(none.statusCode).toBe(403);
    expect((await rowsOf(HILTON)).length).toBe(before);
  });

  it('limits answer sets per address: the 11th in 10 minutes answers 429 with a clear message', async () => {
    const b = new TestBrowser(t, 'ihg');
    const answers = { overall: 4, frequency: 'About once a week' };
    for (let i = 0; i < 10; i++) expect((await post(b, 'ihg-dining-experience-2026', { answers })).statusCode).toBe(201);
    const res = await post(b, 'ihg-dining-experience-2026', { answers });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    // Another address is not held back.
    expect((await post(new TestBrowser(t, 'ihg'), 'ihg-dining-experience-2026', { answers })).statusCode).toBe(201);
  });
});

async function partnerId(code: string): Promise<number> {
  const [row] = await t.database.db.select({ partnerId: members.partnerId }).from(members).where(eq(members.publicId, demoPublicId(code, 'select-card')));
  return row!.partnerId;
}

describe('GET /api/stgtools/survey-responses', () => {
  it("lists the demo accounts' answers and the viewer's own with the questions' labels; never anonymous ones, a real member's or another partner's", async () => {
    const pid = await partnerId('jetblue');
    const answers = { overall: 2, frequency: 'About once a week', improve: 'Faster card linking' };
    const survey = 'jetblue-dining-experience-2026';
    // A demo member, a demo known visitor, an anonymous visitor, a real member (a public id outside the demo prefix), and ihg's demo member.
    const demo = await signedIn('jetblue', 'select-card');
    expect((await post(demo, survey, { answers, utm_source: '/how-it-works' })).statusCode).toBe(201);
    expect((await post(new TestBrowser(t, 'jetblue'), survey, { answers: { ...answers, improve: 'known visitor words' }, public_id: demoPublicId('jetblue', 'visitor-new') })).statusCode).toBe(201);
    expect((await post(new TestBrowser(t, 'jetblue'), survey, { answers: { ...answers, improve: 'anonymous words' } })).statusCode).toBe(201);
    const real = await signedIn('jetblue', 'vip-card');
    await t.database.db.update(members).set({ publicId: 'real-person-1' }).where(and(eq(members.partnerId, pid), eq(members.publicId, demoPublicId('jetblue', 'vip-card'))));
    expect((await post(real, survey, { answers: { ...answers, improve: 'real person words' } })).statusCode).toBe(201);
    const ihg = await signedIn('ihg', 'select-card');
    expect((await post(ihg, 'ihg-dining-experience-2026', { answers: { ...answers, improve: 'ihg words' } })).statusCode).toBe(201);

    const visitorView = (await stg(new TestBrowser(t, 'jetblue'))).json<StgSurveyResponsesResponse>().responses;
    const texts = visitorView.map((r) => r.answers.find((a) => a.questionId === 'improve')?.answer);
    expect(texts).toEqual(['known visitor words', 'Faster card linking']);
    expect(visitorView[1]).toMatchObject({
      surveyId: survey, surveyTitle: expect.stringMatching(/tell us how we are doing/i), who: expect.stringMatching(/@/), utmSource: '/how-it-works',
      answers: [
        { questionId: 'overall', question: 'Overall, how would you rate dining with us?', answer: 2 },
        { questionId: 'frequency', question: 'How often do you eat at a restaurant?', answer: 'About once a week' },
        { questionId: 'improve', question: 'What would make dining with us better?', answer: 'Faster card linking' },
      ],
    });
    expect(visitorView[0]!.who).toBe(`visitor ${demoPublicId('jetblue', 'visitor-new')}`);

    // The real member sees their own answers too, marked as theirs.
    const realView = (await stg(real)).json<StgSurveyResponsesResponse>().responses;
    expect(realView.map((r) => r.answers.find((a) => a.questionId === 'improve')?.answer)).toEqual(['real person words', 'known visitor words', 'Faster card linking']);
    expect(realView[0]!.who).toMatch(/\(you\)$/);
  });
});
