import type { ComponentProps } from 'react';

/** A button that shows and hides the panel it controls (the disclosure pattern: aria-expanded, aria-controls). */
export function DisclosureButton({ open, controls, onToggle, ...rest }: { open: boolean; controls: string; onToggle: () => void }
  & Omit<ComponentProps<'button'>, 'type' | 'onClick' | 'aria-expanded' | 'aria-controls'>) {
  return <button {...rest} type="button" aria-expanded={open} aria-controls={controls} onClick={onToggle} />;
}
