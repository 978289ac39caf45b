import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#shared/rules/ops-permissions';
import type { StaffMe } from '#shared/schemas/ops';
import { call } from '#client/lib/api';
import { FormBanner } from '#client/components/form-banner';
import { Spinner } from '#client/components/spinner';
import { SelectField } from '#client/components/select-field';
import { messageOf, usePartners } from '../api';
import { ReasonButton, Rows, when } from '../parts';
import { NewStaffForm } from './new-staff';

const roleOptions = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** Console accounts: who has which role for which partners; new accounts get a one-time setup link. */
export function StaffScreen({ me }: { me: StaffMe }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['ops', 'staff'], queryFn: () => call(API_PATHS.opsStaff) });
  const partners = usePartners();
  const [notice, setNotice] = useState<string | null>(null);
  const [roles, setRoles] = useState<Record<number, StaffRole>>({});
  const names = new Map((partners.data?.partners ?? []).map((p) => [p.id, p.code]));
  const done = (message: string) => {
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: ['ops', 'staff'] });
  };
  const update = (staffId: number, body: { reason: string; role?: StaffRole; status?: 'active' | 'disabled'; unlock?: true }) => call(API_PATHS.opsStaffUpdate, { params: { staffId }, body });
  return (
    <section aria-labelledby="staff-title">
      <h1 id="staff-title">Staff</h1>
      {notice && <FormBanner kind="success">{notice}</FormBanner>}
      <NewStaffForm onCreated={() => void queryClient.invalidateQueries({ queryKey: ['ops', 'staff'] })} />
      {list.isPending && <Spinner label="Loading the accounts" />}
      {list.isError && <FormBanner>{messageOf(list.error)}</FormBanner>}
      {list.data && (
        <Rows title="Accounts" rows={list.data.staff} empty="No accounts." columns={[
          ['Name', (s) => `${s.name}${s.id === me.id ? ' (you)' : ''}`],
          ['E-mail', (s) => s.email],
          ['Role', (s) => (s.id === me.id ? ROLE_LABELS[s.role] : (
            <SelectField label={`Role of ${s.name}`} value={roles[s.id] ?? s.role} options={roleOptions} placeholder="Choose a role"
              onChange={(e) => setRoles({ ...roles, [s.id]: e.target.value as StaffRole })} />
          ))],
          ['Partners', (s) => (s.allPartners ? 'All' : s.partnerIds.map((id) => names.get(id) ?? id).join(', ') || 'None')],
          ['Status', (s) => `${s.status}${s.locked ? ', locked' : ''}`],
          ['Since', (s) => when(s.createdAt)],
          ['Change', (s) => (s.id === me.id ? '–' : (
            <span className="console-actions">
              {roles[s.id] && roles[s.id] !== s.role && (
                <ReasonButton label="Save role" variant="primary" title={`Make ${s.name} ${ROLE_LABELS[roles[s.id]!]}`} onDone={done} act={(reason) => update(s.id, { reason, role: roles[s.id] })} />
              )}
              {s.locked && <ReasonButton label="Unlock" title={`Unlock ${s.email}`} onDone={done} act={(reason) => update(s.id, { reason, unlock: true })} />}
              <ReasonButton label={s.status === 'disabled' ? 'Enable' : 'Disable'} title={`${s.status === 'disabled' ? 'Enable' : 'Disable'} ${s.email}`} onDone={done}
                act={(reason) => update(s.id, { reason, status: s.status === 'disabled' ? 'active' : 'disabled' })} />
            </span>
          ))],
        ]} />
      )}
    </section>
  );
}
