import type { StaffActionList, StaffActionQuery } from '@shared/contracts/audit';
import type { ApiKey, ApiKeyInput, DatabaseView, SystemLog, SystemStatus } from '@shared/contracts/staff';
import { EVENT_TYPES } from '@shared/events';
import { keepPreviousData } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useInvalidateOn, useInvalidating } from './api';

/** The Developer section's data: status and the database view on demand, logs and keys kept live. */

export function useSystemStatus() {
  return useKeyedQuery({
    queryKey: queryKeys.developer.status,
    queryFn: () => api.get<SystemStatus>('/api/staff/system/status'),
  });
}

export function useSystemLogs(level: 'warn' | 'error' | null) {
  useInvalidateOn(EVENT_TYPES.systemLogsChanged, queryKeys.developer.logsRoot);
  return useKeyedQuery({
    queryKey: queryKeys.developer.logs(level),
    queryFn: () => api.get<{ logs: SystemLog[] }>(`/api/staff/system/logs${level ? `?level=${level}` : ''}`),
    select: (d) => d.logs,
  });
}

/** The audit trail of staff actions, filtered; read when the card opens or a filter changes. */
export function useStaffActions(filters: StaffActionQuery) {
  const params = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return useKeyedQuery({
    queryKey: queryKeys.developer.audit(params),
    queryFn: () => api.get<StaffActionList>(`/api/staff/audit${params ? `?${params}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useDatabaseView() {
  return useKeyedQuery({
    queryKey: queryKeys.developer.database,
    queryFn: () => api.get<DatabaseView>('/api/staff/system/database'),
  });
}

export function useApiKeys() {
  useInvalidateOn(EVENT_TYPES.apiKeysChanged, queryKeys.developer.apiKeys);
  return useKeyedQuery({
    queryKey: queryKeys.developer.apiKeys,
    queryFn: () => api.get<{ keys: ApiKey[] }>('/api/staff/api-keys'),
    select: (d) => d.keys,
  });
}

export const useCreateApiKey = () =>
  useInvalidating(queryKeys.developer.apiKeys, (input: ApiKeyInput) =>
    api.post<{ apiKey: ApiKey; key: string }>('/api/staff/api-keys', input),
  );

export const useRevokeApiKey = () =>
  useInvalidating(queryKeys.developer.apiKeys, (id: string) =>
    api.post<{ apiKey: ApiKey }>(`/api/staff/api-keys/${encodeURIComponent(id)}/revoke`),
  );
