import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { Button } from '#client/components/button';
import { Spinner } from '#client/components/spinner';
import { useToast } from '#client/components/toast';
import { call } from '../../../lib/api';
import { messageOf } from '../message-of';
import styles from './stgtools.module.css';

const KEY = ['stgtools', 'maintenance'] as const;

/**
 * This partner site's maintenance switch (§2 maintenance notice; PUT /api/stgtools/maintenance).
 * The page's partner configuration is read at load, so other pages show the notice from their
 * next load on; this page stays open while it is up.
 */
export function MaintenanceSwitch() {
  const titleId = useId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const state = useQuery({ queryKey: KEY, queryFn: ({ signal }) => call(API_PATHS.maintenance, { signal }), retry: false });
  const change = useMutation({
    mutationFn: (enabled: boolean) => call(API_PATHS.setMaintenance, { body: { enabled } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(KEY, answer);
      toast.show({ kind: 'success', message: answer.partnerSwitch ? 'Maintenance notice on: other pages show it from their next load.' : 'Maintenance notice off.' });
    },
    onError: (e) => toast.show({ kind: 'error', message: messageOf(e) }),
  });
  const on = state.data?.partnerSwitch ?? false;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Maintenance notice</h2>
      {state.isPending ? (
        <Spinner label="Loading" />
      ) : state.isError ? (
        <p>{messageOf(state.error)}</p>
      ) : (
        <>
          <p>
            This partner&apos;s switch is <strong>{on ? 'on' : 'off'}</strong>
            {state.data.maintenanceMode && !on ? ' (the global MAINTENANCE_MODE is on, so the notice shows anyway)' : ''}.
          </p>
          <Button variant="secondary" loading={change.isPending} onClick={() => change.mutate(!on)}>
            {on ? 'Turn the maintenance notice off' : 'Turn the maintenance notice on'}
          </Button>
        </>
      )}
    </section>
  );
}
