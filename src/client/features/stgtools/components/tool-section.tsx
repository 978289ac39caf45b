import { useId, type ComponentProps, type ReactNode } from 'react';
import { Button } from '#client/components/button';
import styles from './stgtools.module.css';

/** A staging-tools section that shows fetched data: its title, a button that fetches it again, and the content. */
export function ToolSection({ title, query, refreshLabel = 'Refresh', children, ...section }: {
  title: ReactNode;
  query: { isFetching: boolean; refetch: () => Promise<unknown> };
  refreshLabel?: string;
  children: ReactNode;
} & Pick<ComponentProps<'section'>, 'id' | 'ref'>) {
  const titleId = useId();
  return (
    <section {...section} className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId}>{title}</h2>
        <Button variant="secondary" loading={query.isFetching} onClick={() => void query.refetch()}>
          {refreshLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}

/** A time the server gave, in the tester's locale (as it came when it is no date). */
export function localDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US');
}
