import { queryOptions } from '@tanstack/react-query';
import type { Member } from '../../../shared/schemas/member';
import type { DemoMembersResponse, MemberStateRequest, OutboxResponse } from '../../../shared/schemas/stgtools';
import { api } from '../../lib/api';
import type { SessionAnswer } from '../session';

/** Staging tools calls (docs/api-members.md; absent in production). */

export function demoMembersQueryOptions() {
  return queryOptions({
    queryKey: ['stgtools', 'members'] as const,
    queryFn: ({ signal }) => api<DemoMembersResponse>('/api/stgtools/members', { signal }),
    retry: false,
  });
}

export function outboxQueryOptions() {
  return queryOptions({
    queryKey: ['stgtools', 'outbox'] as const,
    queryFn: ({ signal }) => api<OutboxResponse>('/api/stgtools/outbox', { signal }),
    retry: false,
    // Mails arrive while the tester works elsewhere: fetch again whenever the page is opened.
    staleTime: 0,
  });
}

export function signInAs(publicId: string): Promise<SessionAnswer> {
  return api<SessionAnswer>('/api/stgtools/sign-in-as', { method: 'POST', body: { publicId } });
}

export function setMemberState(body: MemberStateRequest): Promise<Member> {
  return api<Member>('/api/stgtools/member-state', { method: 'PUT', body });
}
