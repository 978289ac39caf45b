import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { buttonClassName } from './button';
import styles from './toast.module.css';

/** §5: status toasts accept only success, error and warning. */
export type ToastKind = 'success' | 'error' | 'warning';

/** §9 status toasts close after 3000 ms (§8: a success closes on its own). */
export const TOAST_STATUS_MS = 3000;

/** How long a toast stays, null: until dismissed. §8: an error toast stays until dismissed, whatever was asked. */
export function toastDuration(kind: ToastKind, duration?: number | null): number | null {
  if (kind === 'error') return null;
  return duration === undefined ? TOAST_STATUS_MS : duration;
}

export type ToastOptions = {
  kind: ToastKind;
  message: ReactNode;
  title?: ReactNode;
  /** Milliseconds before a success or warning closes; null keeps it until dismissed. Default: 3000 (§9); an error always stays. */
  duration?: number | null;
  /** Called on click of the message (e.g. a session warning that refreshes the session). */
  onAction?: () => void;
};

type ToastItem = ToastOptions & { id: number };

type ToastApi = {
  show: (toast: ToastOptions) => number;
  dismiss: (id: number) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

let nextId = 1;

/** Holds the toasts of the page and their two live regions (polite for success/warning, assertive for errors). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback((toast: ToastOptions) => {
    const id = nextId++;
    setToasts((list) => [...list, { ...toast, id }]);
    return id;
  }, []);
  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  const polite = toasts.filter((t) => t.kind !== 'error');
  const assertive = toasts.filter((t) => t.kind === 'error');
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.viewport}>
        {/* Live regions exist before any message is put in them, so screen readers announce it. */}
        <div role="alert" className={styles.region}>
          {assertive.map((t) => (
            <Toast key={t.id} {...t} onDismiss={() => dismiss(t.id)} />
          ))}
        </div>
        <div role="status" className={styles.region}>
          {polite.map((t) => (
            <Toast key={t.id} {...t} onDismiss={() => dismiss(t.id)} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}

type ToastProps = ToastOptions & { onDismiss: () => void };

const KIND_LABEL: Record<ToastKind, string> = { success: 'Success', error: 'Error', warning: 'Warning' };

/** One toast. Auto-closing pauses while the pointer or keyboard focus is on it (WCAG 2.2.1). */
export function Toast({ kind, message, title, duration, onAction, onDismiss }: ToastProps) {
  const ms = toastDuration(kind, duration);
  const [paused, setPaused] = useState(false);
  const remaining = useRef(ms ?? 0);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  useEffect(() => {
    if (ms === null || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissRef.current(), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [ms, paused]);

  return (
    <div
      className={`${styles.toast} ${styles[kind]}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPaused(false);
      }}
      data-kind={kind}
    >
      <ToastIcon kind={kind} />
      <div className={styles.message}>
        <span className="visually-hidden">{KIND_LABEL[kind]}: </span>
        {title && <strong className={styles.title}>{title}</strong>}
        {onAction ? (
          <button type="button" className={buttonClassName('link')} onClick={() => { onAction(); onDismiss(); }}>
            {message}
          </button>
        ) : (
          message
        )}
      </div>
      <button type="button" className={styles.dismiss} onClick={onDismiss} aria-label="Dismiss notification">
        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

function ToastIcon({ kind }: { kind: ToastKind }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      {kind === 'success' ? (
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <>
          <rect x="10.8" y="5.5" width="2.4" height="8.5" rx="1.2" fill="#fff" />
          <circle cx="12" cy="17.5" r="1.5" fill="#fff" />
        </>
      )}
    </svg>
  );
}
