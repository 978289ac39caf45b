/** The installable app and the native-app shell (docs/pwa.md). */
export { InstallBanner, INSTALL_TITLE } from './components/install-banner';
export { PwaEffects } from './components/pwa-effects';
export { UpdateApp, UPDATE_APP_TITLE } from './components/update-app';
export { UpdateAppShell, useNativeAppOutdated } from './components/update-app-shell';
export { UpdatePrompt, UPDATE_AVAILABLE_TEXT } from './components/update-prompt';
