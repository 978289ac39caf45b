import { useQuery } from '@tanstack/react-query';
import { API_PATHS } from '#shared/api-paths';
import { ApiError, call } from '#client/lib/api';
import type { StaffMe } from '#shared/schemas/ops';
import type { OpsPermission } from '#shared/rules/ops-permissions';

/** The signed-in staff member, or null (401): the console's gate. */
export const ME_KEY = ['ops', 'me'] as const;
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: async (): Promise<StaffMe | null> => {
      try {
        return (await call(API_PATHS.opsMe)).staff;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 60_000,
  });
}

export const may = (me: StaffMe | null | undefined, permission: OpsPermission) => Boolean(me?.permissions.includes(permission));

export function usePartners() {
  return useQuery({ queryKey: ['ops', 'partners'], queryFn: () => call(API_PATHS.opsPartners) });
}

/** The person-readable message of a failed call. */
export const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
