import type { ReactNode } from 'react';
import { Button } from './button';

/**
 * The row under a form: its submit button (a spinner while it submits) and what goes beside it (a
 * link back, a second action). The form's own stylesheet places the row (`className`).
 */
export function FormActions({ className, submit, loading, children }: { className?: string; submit: ReactNode; loading: boolean; children?: ReactNode }) {
  return (
    <div className={className}>
      <Button type="submit" loading={loading}>
        {submit}
      </Button>
      {children}
    </div>
  );
}
