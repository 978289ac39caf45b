import type { CustomerSupport } from '#shared/schemas/partner';
import { customerSupportFor } from '#shared/rules/partner-features';
import { usePartner } from '../../lib/partner';
import { useMember } from './api';

/** The support contact to show the current visitor. */
export function useCustomerSupport(): CustomerSupport {
  const partner = usePartner();
  const { member } = useMember();
  return customerSupportFor(partner, member);
}
