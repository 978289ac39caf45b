import { isAltchaChallenge, solveChallenge } from './altcha';

/** The proof of work runs here so the page stays responsive while it searches. */
self.addEventListener('message', (event: MessageEvent<unknown>) => {
  const challenge = event.data;
  if (!isAltchaChallenge(challenge)) {
    self.postMessage({ ok: false });
    return;
  }
  solveChallenge(challenge).then(
    (solution) => self.postMessage(solution ? { ok: true, solution } : { ok: false }),
    () => self.postMessage({ ok: false }),
  );
});
