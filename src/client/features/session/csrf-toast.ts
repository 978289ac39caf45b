import { useEffect } from 'react';
import { useToast } from '../../components/toast';
import { CSRF_PLACEHOLDER_EVENT } from '../../lib/csrf';

export function csrfPlaceholderMessage(token: string) {
  return `Something went wrong. Please refresh the page and try again. Error Code: ${token}.`;
}

/** §8: a call made with the anti-forgery placeholder shows the 'refresh the page' toast (once at a time). */
export function useCsrfPlaceholderToast() {
  const toast = useToast();
  useEffect(() => {
    let shown: number | undefined;
    const onPlaceholder = (e: Event) => {
      const token = (e as CustomEvent<{ token: string }>).detail?.token ?? '';
      if (shown !== undefined) toast.dismiss(shown);
      shown = toast.show({ kind: 'error', message: csrfPlaceholderMessage(token) });
    };
    window.addEventListener(CSRF_PLACEHOLDER_EVENT, onPlaceholder);
    return () => window.removeEventListener(CSRF_PLACEHOLDER_EVENT, onPlaceholder);
  }, [toast]);
}
