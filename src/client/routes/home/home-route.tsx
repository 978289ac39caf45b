import { lazy, Suspense } from 'react';
import { DeferredPart } from '../../components/deferred-part';
import { lazyScreen } from '../../components/lazy-screen';
import { ContentBanner } from '../../features/content-page/content-banner';
import { useMember } from '../../features/session';
import { usePartner } from '../../lib/partner';
import { ContentBlocks } from '../../features/content-page/content-blocks';
import { HomeBrowse, HomeSkeleton, HomeSteps, useHomeCopy } from './home-parts';
import styles from './home.module.css';
import { loadProspectForm } from './prospect-form-loader';
import { currentPlatform } from '../../components/platform';

// Loaded when shown: the form only for visitors once the member is known (it shows nothing before),
// the discover screen only for partners whose home page it is.
const ProspectEmailForm = lazy(async () => ({ default: (await loadProspectForm()).ProspectEmailForm }));
const DiscoverScreen = lazy(async () => ({ default: (await import('../discover/discover-screen')).DiscoverScreen }));
// Only a new member sees the welcome bonus: visitors' first screen does not carry its code.
const WelcomeBonus = lazyScreen(() => import('../../features/bonuses/components/welcome-bonus'), 'default');

/** §2 '/': the discover screen when the partner's home page is discover, otherwise Home. */
export function HomeRoute() {
  const partner = usePartner();
  const { isLoading } = useMember();
  if (partner.homePage === 'discover') {
    return (
      <Suspense fallback={null}>
        <DiscoverScreen />
      </Suspense>
    );
  }
  // Until GET /api/Member answers nobody knows whose home this is: no copy rather than the wrong copy.
  if (isLoading) return <HomeSkeleton />;
  return <HomeScreen />;
}

/**
 * §2 Home: banner, three steps, browse restaurants (carousels), prospect e-mail form. The copy is
 * the home item for the visitor's state and, for card members, the §4 variant (rules/home-variant).
 */
function HomeScreen() {
  const { member, fields, banner, title, subtitle, bannerText, progress, newMember, promo, steps, stepsTitle, browseTitle, prospectTitle, prospectText, prospectInBanner, prospectSection } = useHomeCopy();

  return (
    <div className={styles.page}>
      <ContentBanner
        banner={banner}
        title={title}
        subtitle={subtitle}
        text={bannerText}
        firstName={member?.firstName.trim() || undefined}
      >
        {progress && <p className={styles.progress}>{progress}</p>}
        {/* No Suspense boundary of its own: the page waits for the form's code (fetched beside the
            page's: app/routes.tsx) instead of growing when it comes (a layout shift of 0.043 on
            a phone in a third of Lighthouse's runs). */}
        {prospectInBanner && <ProspectEmailForm title={prospectTitle || undefined} text={prospectText || undefined} />}
      </ContentBanner>

      {newMember && (
        <div className="container">
          <aside className={styles.promo} aria-label="New member bonus">
            {promo && <ContentBlocks blocks={promo} headingLevel={2} />}
            <DeferredPart>
              <WelcomeBonus member={newMember} headingLevel={promo ? 3 : 2} inNativeApp={currentPlatform() === 'native'} />
            </DeferredPart>
          </aside>
        </div>
      )}

      <HomeSteps title={stepsTitle} steps={steps} />

      <HomeBrowse title={browseTitle} blocks={fields.main_column} />

      {prospectSection && (
        <div className="container">
          <div className={styles.prospect}>
            <DeferredPart>
              <ProspectEmailForm title={prospectTitle || undefined} text={prospectText || undefined} />
            </DeferredPart>
          </div>
        </div>
      )}
    </div>
  );
}
