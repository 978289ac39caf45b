import styles from './spinner.module.css';

type SpinnerProps = {
  /** Announced to screen readers (role="status"); without it the spinner is decorative. */
  label?: string;
  size?: 'small' | 'large';
  /** Centred on its own line with the label shown. */
  block?: boolean;
  className?: string;
};

export function Spinner({ label, size = 'small', block = false, className }: SpinnerProps) {
  const ring = <span className={`${styles.spinner} ${size === 'large' ? styles.large : ''} ${className ?? ''}`} aria-hidden="true" />;
  if (!label) return ring;
  if (block) {
    return (
      <div className={styles.block} role="status">
        {ring}
        <span>{label}</span>
      </div>
    );
  }
  return (
    <span role="status">
      {ring}
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
