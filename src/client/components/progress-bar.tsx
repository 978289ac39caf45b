import type { ComponentProps } from 'react';

/**
 * A progress bar for assistive technology: named by the element labelId points to, from 0 to max,
 * with its value in words; what it looks like is the caller's (className, children).
 */
export function ProgressBar({ labelId, max, now, text, ...rest }: { labelId: string; max: number; now: number; text: string } & Omit<ComponentProps<'div'>, 'role'>) {
  return <div {...rest} role="progressbar" aria-labelledby={labelId} aria-valuemin={0} aria-valuemax={max} aria-valuenow={now} aria-valuetext={text} />;
}
