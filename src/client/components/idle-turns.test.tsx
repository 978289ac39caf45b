// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IDLE_TURN_MAX_MS, TurnTaken, useIdleTurn } from './idle-turns';

/** A part that shows its name once its turn has come; drawn (TurnTaken) only when `drawn`. */
function Part({ name, drawn = true, first = false }: { name: string; drawn?: boolean; first?: boolean }) {
  const [turn, done] = useIdleTurn({ first });
  if (!turn) return <p>{`${name} waiting`}</p>;
  return (
    <>
      <p>{`${name} drawn`}</p>
      {drawn && <TurnTaken onTaken={done} />}
    </>
  );
}

const shown = () => screen.getAllByText(/ (waiting|drawn)$/).map((p) => p.textContent);

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  cleanup();
  // The turns are the module's: a turn scheduled when the test ended is given (to nobody) before the next.
  await vi.runOnlyPendingTimersAsync();
  vi.useRealTimers();
});

describe('idle turns', () => {
  it('draws the parts one at a time, in page order, each once the one before has been drawn', async () => {
    render(<><Part name="a" /><Part name="b" /><Part name="c" /></>);
    expect(shown()).toEqual(['a waiting', 'b waiting', 'c waiting']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['a drawn', 'b waiting', 'c waiting']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['a drawn', 'b drawn', 'c waiting']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['a drawn', 'b drawn', 'c drawn']);
  });

  it('gives the first turn to a part of the screen itself (first), before the parts already waiting', async () => {
    render(<><Part name="a" /><Part name="b" /><Part name="map" first /></>);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['a waiting', 'b waiting', 'map drawn']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['a drawn', 'b waiting', 'map drawn']);
  });

  it('takes the turn back from a part that never says it was drawn, after the longest hold', async () => {
    render(<><Part name="a" drawn={false} /><Part name="b" /></>);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['a drawn', 'b waiting']);
    await act(() => vi.advanceTimersByTimeAsync(IDLE_TURN_MAX_MS - 100));
    expect(shown()).toEqual(['a drawn', 'b waiting']);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(shown()).toEqual(['a drawn', 'b drawn']);
  });

  it('passes the turn on when the part holding it goes away', async () => {
    let hide: () => void = () => undefined;
    function Page() {
      const [first, setFirst] = useState(true);
      hide = () => setFirst(false);
      return <>{first && <Part name="a" drawn={false} />}<Part name="b" /></>;
    }
    render(<Page />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['a drawn', 'b waiting']);
    act(() => hide());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toEqual(['b drawn']);
  });
});
