import { useSessionTimers } from '../features/session/session-timers';
import { useEmulationGuard } from '../features/session/emulation';
import { ActivationPrompt } from './chrome/activation-prompt';
import { SurveyPrompt } from '../features/surveys/components/survey-prompt';
import { InstallBanner } from '../features/pwa/components/install-banner';
import { PwaEffects } from '../features/pwa/components/pwa-effects';
import { PromotionModals } from './chrome/promotion-modals';
import { EmulationBanner } from '../features/session/components/emulation-banner';

/**
 * The page chrome's parts that are not on the first screen, in a chunk of their own that the
 * layout loads after the first paint (layout.tsx): the first load only carries what paints the
 * page. What must not wait for this chunk stays in the layout: the arrival handling (a screen's
 * redirect must not outrun it), the install-prompt capture (Chromium may fire it early) and the
 * anti-forgery placeholder toast.
 */
export function DeferredChrome() {
  return (
    <>
      <DeferredSessionEffects />
      {/* §4 survey prompt, fixed to the bottom of the page (issue 12). */}
      <SurveyPrompt />
      <PromotionModals />
      {/* Service worker, update prompt, PWA events and native-app bridge (docs/pwa.md). */}
      <PwaEffects />
    </>
  );
}

/** §4 session timers and §4 emulation guard; inside the toast provider because the warning is a toast. */
function DeferredSessionEffects() {
  useSessionTimers();
  useEmulationGuard();
  return null;
}

/** §6 activation prompt and §2/§4 install banner: under the top bar, where the layout reserves their place in the flow. */
export function DeferredBanners() {
  return (
    <>
      {/* §6 the operator console's "View as member" window: whose account, read only, Exit. */}
      <EmulationBanner />
      <ActivationPrompt />
      <InstallBanner />
    </>
  );
}
