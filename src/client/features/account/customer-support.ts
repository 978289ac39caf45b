import type { CustomerSupport, PartnerConfig } from '#shared/schemas/partner';
import type { Member } from '#shared/schemas/member';
import { TIER_LEVELS } from '#shared/constants/member';
import { usePartner } from '../../lib/partner';
import { useMember } from '../session';

/** §6: VIP members have their own support line where the partner configures one. */
export function customerSupportFor(partner: Pick<PartnerConfig, 'customerSupport' | 'vipCustomerSupport'>, member: Pick<Member, 'tierLevel'> | null): CustomerSupport {
  if (member?.tierLevel === TIER_LEVELS.VIP && partner.vipCustomerSupport) return partner.vipCustomerSupport;
  return partner.customerSupport;
}

/** The support contact to show the current visitor. */
export function useCustomerSupport(): CustomerSupport {
  const partner = usePartner();
  const { member } = useMember();
  return customerSupportFor(partner, member);
}
