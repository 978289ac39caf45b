import { useId, useState, type FormEvent } from 'react';
import type { Member } from '#shared/schemas/member';
import { MEMBER_TYPES, type MemberType } from '#shared/constants/member';
import { Button } from '#client/components/button';
import { SelectField } from '#client/components/select-field';
import { Spinner } from '#client/components/spinner';
import { useToast } from '#client/components/toast';
import { tierName } from '../../account';
import { useMember } from '../../session';
import { useSetMemberState } from '../api';
import { messageOf } from '../message-of';
import styles from './stgtools.module.css';

const TIER_OPTIONS = [0, 1, 2, 3].map((t) => ({ value: String(t), label: `${t} – ${tierName(t)}` }));
const TYPE_OPTIONS = MEMBER_TYPES.map((t) => ({ value: t, label: t }));

/** The signed-in member (tier, type, interface) and the switch of their tier and type. */
export function CurrentMember() {
  const { member, isLoading } = useMember();
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId}>Current member</h2>
      {isLoading ? (
        <Spinner label="Loading" />
      ) : member ? (
        <>
          <p>
            <strong>
              {member.firstName} {member.lastName}
            </strong>{' '}
            ({member.email}) · tier {member.tierLevel} ({tierName(member.tierLevel)}) · {member.memberType} · {member.interfaceType}
          </p>
          <MemberStateForm key={member.publicId} member={member} />
        </>
      ) : (
        <p>Nobody is signed in.</p>
      )}
    </section>
  );
}

function MemberStateForm({ member }: { member: Member }) {
  const setMemberState = useSetMemberState();
  const toast = useToast();
  const [tier, setTier] = useState(String(member.tierLevel));
  const [type, setType] = useState<string>(member.memberType);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    try {
      const updated = await setMemberState.mutateAsync({
        tierLevel: tier === '' ? undefined : Number(tier),
        memberType: type === '' ? undefined : (type as MemberType),
      });
      toast.show({ kind: 'success', message: `Now tier ${updated.tierLevel} (${tierName(updated.tierLevel)}), ${updated.memberType}.` });
    } catch (err) {
      toast.show({ kind: 'error', message: `The member state was not changed: ${messageOf(err)}` });
    }
  };
  return (
    <form className={styles.stateForm} onSubmit={(e) => void onSubmit(e)} aria-label="Member state">
      <SelectField label="Tier level" options={TIER_OPTIONS} placeholder="Keep" value={tier} onChange={(e) => setTier(e.target.value)} />
      <SelectField label="Member type" options={TYPE_OPTIONS} placeholder="Keep" value={type} onChange={(e) => setType(e.target.value)} />
      <Button type="submit" loading={setMemberState.isPending}>
        Apply
      </Button>
    </form>
  );
}
