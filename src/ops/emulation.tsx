import { useState } from 'react';
import { API_PATHS } from '#shared/api-paths';
import { call } from '#client/lib/api';
import { Button } from '#client/components/button';
import { FormBanner } from '#client/components/form-banner';
import { messageOf } from './api';
import { ReasonButton, when } from './parts';

type Running = { emulationId: string; origin: string; endsAt: string; win: Window | null };

/**
 * "View as member" (§6): with a reason, the member's partner site opens in a window of its own,
 * signed in as the member, read only, for 30 minutes at most. Exit tells that window to sign out
 * (the exit message the partner site obeys from this origin) and ends the view on the server.
 */
export function ViewAsMember({ memberId, name }: { memberId: number; name: string }) {
  const [running, setRunning] = useState<Running | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async (reason: string) => {
    // Opened within the click (a window opened after the answer would be blocked), pointed at the member's site once granted.
    const win = window.open('', `rn-emulation-${memberId}`);
    try {
      const grant = await call(API_PATHS.opsMemberEmulate, { params: { memberId }, body: { reason } });
      if (win) win.location.href = grant.url;
      setRunning({ emulationId: grant.emulationId, origin: grant.origin, endsAt: grant.endsAt, win });
    } catch (err) {
      win?.close();
      throw err;
    }
  };
  const exit = async () => {
    if (!running) return;
    running.win?.postMessage({ type: 'exitEmulation' }, running.origin);
    try {
      await call(API_PATHS.opsEmulationEnd, { params: { emulationId: running.emulationId } });
      setRunning(null);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  if (running) {
    return (
      <div className="console-emulating" role="region" aria-label="View as member">
        {problem && <FormBanner>{problem}</FormBanner>}
        <p>{`You are viewing ${name}'s account in another window, read only, until ${when(running.endsAt)}.`}</p>
        <Button variant="primary" onClick={() => void exit()}>Exit the view</Button>
      </div>
    );
  }
  return <ReasonButton label="View as member" title={`View ${name}'s account as the member sees it (read only)`} act={start} onDone={() => undefined} />;
}
