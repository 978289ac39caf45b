import { useContentPage } from '../../features/content/content-provider';
import { bannerFields, str } from '#shared/rules/content-fields';
import { useKnownPublicId, useMember } from '../../features/session';
import { chooseHomeItem, homeStatesFor, isNewMember, progressLine } from '#shared/rules/home-variant';
import { usePartner } from '../../lib/partner';
import { ContentBlocks } from '../../features/content-page/content-blocks';
import { RichText, stripTags } from '../../components/rich-text';
import { useDocumentTitle } from '../../components/use-document-title';
import styles from './home.module.css';

type Step = { title: string; text: string };

function readSteps(value: unknown, currencyPlural: string): Step[] {
  const fallback: Step[] = [
    { title: 'Search restaurants', text: 'Find participating restaurants, bars and clubs near you.' },
    { title: 'Dine and pay with a linked card', text: 'Pay the way you always do with a card you have linked.' },
    { title: `Earn ${currencyPlural}`, text: `${currencyPlural.charAt(0).toUpperCase()}${currencyPlural.slice(1)} are added for you after every qualifying dine.` },
  ];
  if (!Array.isArray(value)) return fallback;
  const steps = value.flatMap((v) => {
    const o = v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
    const title = str(o.title);
    return title ? [{ title, text: str(o.text) }] : [];
  });
  return steps.length ? steps.slice(0, 3) : fallback;
}

/**
 * The home's copy: the home item for the visitor's state and, for card members, the §4 variant
 * (rules/home-variant), read into what the page shows; sets the browser title the item asks for.
 */
export function useHomeCopy() {
  const partner = usePartner();
  const items = useContentPage('home');
  const { member } = useMember();
  const knownPublicId = useKnownPublicId();
  const chosen = chooseHomeItem(items, homeStatesFor(partner, member, knownPublicId));
  const fields = chosen.item?.fields ?? {};
  const banner = bannerFields(fields.banner);
  // The member's count goes with the progress copy only (not under a partner's plain card-member copy).
  const progress = member ? progressLine(member, chosen.state, partner) : null;
  // §2: the new-member promo only for new members (an open new-member bonus, rules/home-variant isNewMember),
  // with the bonus itself (its terms, and Register while it is Eligible) under it.
  const newMember = member && isNewMember(member) ? member : null;
  const promo = newMember && Array.isArray(fields.new_member_promo) && fields.new_member_promo.length > 0 ? fields.new_member_promo : null;
  const title = str(fields.title) || str(fields.banner_text) || `Earn ${partner.copyStates.currencyPlural} when you dine out`;
  const browserTitle = str(fields.browser_title);
  useDocumentTitle(browserTitle ? stripTags(browserTitle) : null);
  const prospectTitle = str(fields.prospect_title);
  const prospectText = str(fields.prospect_text);
  // The form sits in the banner when the banner asks for it, otherwise in its own section.
  const prospectInBanner = banner.includeProspectEmail;
  return {
    member,
    fields,
    banner,
    title,
    subtitle: str(fields.subtitle) || undefined,
    bannerText: str(fields.title) ? str(fields.banner_text) || undefined : undefined,
    progress,
    newMember,
    promo,
    steps: readSteps(fields.steps, partner.copyStates.currencyPlural),
    stepsTitle: str(fields.steps_title),
    browseTitle: str(fields.browse_title) || 'Browse restaurants',
    prospectTitle,
    prospectText,
    prospectInBanner,
    // Only visitors get the form (ProspectEmailForm checks too): no empty box for a member.
    prospectSection: !member && !prospectInBanner && (prospectTitle || prospectText),
  };
}

/** The home's shape while the member loads: announced as loading, nothing to read yet. */
export function HomeSkeleton() {
  return (
    <div className={styles.page} aria-busy="true" data-testid="home-skeleton">
      <p className="visually-hidden" role="status">
        Loading
      </p>
      <div className={styles.skeletonBanner} aria-hidden="true">
        <div className={`container ${styles.skeletonPanel}`}>
          <div className={`${styles.bone} ${styles.boneWelcome}`} />
          <div className={`${styles.bone} ${styles.boneTitle}`} />
          <div className={`${styles.bone} ${styles.boneText}`} />
          <div className={`${styles.bone} ${styles.boneText}`} />
        </div>
      </div>
      <div className={`container ${styles.skeletonSteps}`} aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className={`${styles.bone} ${styles.boneStep}`} />
        ))}
      </div>
    </div>
  );
}

/** §2 the three steps ("How it works" unless the item titles them). */
export function HomeSteps({ title: stepsTitle, steps }: { title: string; steps: Step[] }) {
  return (
    <section className={`container ${styles.steps}`} aria-labelledby="home-steps-title">
      <h2 id="home-steps-title" className={stepsTitle ? undefined : 'visually-hidden'}>
        {stepsTitle || 'How it works'}
      </h2>
      <ol className={styles.stepList}>
        {steps.map((step, i) => (
          <li key={i} className={styles.step}>
            <span className={styles.stepIcon} aria-hidden="true">
              <StepIcon index={i} />
            </span>
            <div className={styles.stepBody}>
              <span className={styles.stepNumber}>{`Step ${i + 1}`}</span>
              <h3>
                <RichText html={step.title} inline />
              </h3>
              {step.text && <RichText html={step.text} />}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** §2 browse restaurants: the item's main column (carousels). */
export function HomeBrowse({ title: browseTitle, blocks }: { title: string; blocks: unknown }) {
  return (
    <section className={`container ${styles.browse}`} aria-labelledby="home-browse-title">
      <h2 id="home-browse-title">
        <RichText html={browseTitle} inline />
      </h2>
      <ContentBlocks blocks={blocks} headingLevel={3} />
    </section>
  );
}

function StepIcon({ index }: { index: number }) {
  if (index === 0) {
    return (
      <svg viewBox="0 0 24 24" focusable="false">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
        <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
    );
  }
  if (index === 1) {
    return (
      <svg viewBox="0 0 24 24" focusable="false">
        <rect x="2.5" y="5.5" width="19" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M2.5 9.5h19" stroke="currentColor" strokeWidth="2.4" />
        <path d="M6 15h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg viewBox="0 0 24 24" focusable="false">
      <path d="M12 2.8l2.8 5.7 6.3.9-4.55 4.45 1.07 6.27L12 17.2l-5.62 2.92 1.07-6.27L2.9 9.4l6.3-.9z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
