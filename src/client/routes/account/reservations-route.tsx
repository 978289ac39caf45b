import { usePartner } from '../../lib/partner';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMember } from '../../features/session';
import { ReservationsList } from '../../features/reservations';

export const RESERVATIONS_TITLE = 'Reservations';

/**
 * /account/reservations (partners with table reservations): the member's upcoming reservations,
 * soonest first, with cancel, then past and cancelled ones (docs/api-reservations.md).
 */
export function ReservationsRoute() {
  const partner = usePartner();
  const { member } = useMember();
  useDocumentTitle(`${RESERVATIONS_TITLE} | ${partner.name}`);
  // The account shell renders its pages only for a signed-in member.
  if (!member) return null;
  return (
    <div>
      <h1>{RESERVATIONS_TITLE}</h1>
      <ReservationsList enabled />
    </div>
  );
}
