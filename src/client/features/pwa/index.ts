/** The installable app and the native-app shell (docs/pwa.md). */
export { UpdateApp, UPDATE_APP_TITLE } from './components/update-app';
