import { useState } from 'react';
import { INSTALL_LATER_KEY, installBannerView, installLaterUntil, isIosSafari } from '#shared/rules/install-banner';
import { programName } from '#shared/rules/partner-features';
import { isNativeAppUserAgent } from '#shared/rules/native-app';
import { Button } from '../../../components/button';
import { usePartner } from '../../../lib/partner';
import { isStandalone, useInstallPrompt } from '../install-prompt';
import { useInterruption } from '../../interruptions';
import styles from './install-banner.module.css';

export const INSTALL_TITLE = 'Get the app';

function readLater(): string | null {
  try {
    return localStorage.getItem(INSTALL_LATER_KEY);
  } catch {
    return null;
  }
}

/** The iOS share symbol (a box with an arrow up), as Safari draws it. */
function ShareIcon() {
  return (
    <svg className={styles.share} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 3v12M7.5 7.5 12 3l4.5 4.5M8 10H6v10h12V10h-2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * §2/§4 PWA install banner: 'Install' (the browser's install prompt) and 'Maybe later' (hidden for
 * 30 days, §9); on iOS Safari, how to add the site from the share menu. Hidden when the app
 * already runs installed, inside the native app, where the browser offers no install and it is
 * not iOS Safari, and for partners without the switch.
 */
export function InstallBanner() {
  const partner = usePartner();
  const { prompt, installed, consume } = useInstallPrompt();
  const [laterUntil, setLaterUntil] = useState(readLater);
  const ua = typeof navigator !== 'undefined' ? navigator.userAgent : '';
  const view = installed || isNativeAppUserAgent(ua) ? 'hidden' : installBannerView({
    hasPWAInstallBanner: partner.hasPWAInstallBanner,
    laterUntil,
    now: new Date(),
    standalone: isStandalone(),
    hasDeferredPrompt: prompt !== null,
    iosSafari: isIosSafari(ua, typeof navigator !== 'undefined' ? navigator.maxTouchPoints ?? 0 : 0),
  });
  // Due by its own rule; the interruption queue says whether it may show now.
  const show = useInterruption('installBanner', view !== 'hidden');
  if (view === 'hidden' || !show) return null;

  const later = () => {
    const until = installLaterUntil(new Date()).toISOString();
    try {
      localStorage.setItem(INSTALL_LATER_KEY, until);
    } catch {
      /* storage refused: hidden for this page only */
    }
    setLaterUntil(until);
  };
  const install = async () => {
    if (!prompt) return;
    consume();
    try {
      await prompt.prompt();
      const choice = await prompt.userChoice;
      if (choice.outcome === 'dismissed') later();
    } catch {
      /* the browser refused to show it (e.g. already shown): nothing to do */
    }
  };
  const name = programName(partner);

  return (
    <section className={styles.banner} aria-labelledby="install-banner-title">
      <div className={`container-wide ${styles.inner}`}>
        <img className={styles.icon} src="/partner/icons/192.png" alt="" width={44} height={44} />
        <p className={styles.text}>
          <span id="install-banner-title" className={styles.title}>{INSTALL_TITLE}</span>
          {view === 'prompt' ? (
            <>Add {name} to your home screen: find restaurants and check your rewards in one tap, even on a weak connection.</>
          ) : (
            <>
              Add {name} to your home screen: tap Share <ShareIcon /><span className="visually-hidden">(the square with an arrow)</span> in Safari, then &lsquo;Add to Home Screen&rsquo;.
            </>
          )}
        </p>
        <div className={styles.actions}>
          {view === 'prompt' && <Button onClick={() => void install()}>Install</Button>}
          <Button variant="secondary" onClick={later}>Maybe later</Button>
        </div>
      </div>
    </section>
  );
}
