import { useEffect, useRef, useState } from 'react';
import { externalUserId } from '#shared/rules/native-app';
import { useKnownPublicId, useMember } from '../../session';
import { pushPwaSession } from '../data-layer';
import { isStandalone } from '../install-prompt';
import { tellNativeAppExternalUserId } from '../native-bridge';
import { registerWorker, tellWorkerSignedOut, type WorkerHandle } from '../register-worker';
import { UpdatePrompt } from './update-prompt';
import { useInterruption } from '../../interruptions';

/** Registers the service worker in the built app (not in development builds, nor in tests). */
const REGISTER_WORKER = import.meta.env.PROD;

/**
 * The installable app and native-app shell's effects on every page (docs/pwa.md):
 * - the service worker at /worker.js and its update prompt;
 * - §4 PWA session event (installed app) on window.dataLayer;
 * - the native app told the external user id through its bridge;
 * - the worker told when the member signs out.
 * (An app older than the partner's minimumAppVersion gets UpdateAppShell instead of the site.)
 */
export function PwaEffects() {
  const { member, isLoading } = useMember();
  const knownPublicId = useKnownPublicId();
  const [update, setUpdate] = useState<WorkerHandle | null>(null);
  const [updateDismissed, setUpdateDismissed] = useState(false);

  useEffect(() => {
    if (REGISTER_WORKER) void registerWorker(setUpdate).catch(() => undefined);
  }, []);

  const userId = isLoading ? undefined : externalUserId(member?.publicId, knownPublicId);

  // §4: the session event once the user is known (labelled with the id, else 'anonymous').
  useEffect(() => {
    if (userId === undefined || !isStandalone()) return;
    pushPwaSession(userId);
  }, [userId]);

  // §4: the native app learns who uses it, and again whenever that changes (null after sign-out).
  const told = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (userId === undefined || told.current === userId) return;
    told.current = userId;
    tellNativeAppExternalUserId(userId);
  }, [userId]);

  // A member who was signed in and is no more: the worker drops what it kept.
  const hadMember = useRef(false);
  useEffect(() => {
    if (isLoading) return;
    if (member) hadMember.current = true;
    else if (hadMember.current) {
      hadMember.current = false;
      tellWorkerSignedOut();
    }
  }, [member, isLoading]);

  // The update prompt is an interruption like the others: the queue says when it may show.
  const showUpdate = useInterruption('appUpdate', update !== null && !updateDismissed);
  return update && showUpdate ? <UpdatePrompt onReload={update.activateUpdate} onDismiss={() => setUpdateDismissed(true)} /> : null;
}
