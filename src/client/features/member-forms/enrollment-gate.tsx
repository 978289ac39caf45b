import type { ReactNode } from 'react';
import type { PartnerConfig } from '../../../shared/schemas/partner';
import { usePartner } from '../../lib/partner';
import { NotFoundRoute } from '../../routes/not-found/not-found-route';

export type EnrollmentCondition = 'notNone' | 'direct';

/** §2 route conditions on the partner's enrollment type (shared with src/shared/routes.ts). */
export function allowsEnrollmentRoute(partner: Pick<PartnerConfig, 'enrollmentType'>, condition: EnrollmentCondition): boolean {
  return condition === 'direct' ? partner.enrollmentType === 'direct' : partner.enrollmentType !== 'none';
}

/** Renders the not-found screen where the partner's enrollment type rules the route out. */
export function EnrollmentGate({ condition, children }: { condition: EnrollmentCondition; children: ReactNode }) {
  const partner = usePartner();
  if (!allowsEnrollmentRoute(partner, condition)) return <NotFoundRoute />;
  return <>{children}</>;
}
