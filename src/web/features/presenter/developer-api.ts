import type { StaffActionList, StaffActionQuery } from '@shared/contracts/audit';
import type { ApiKey, ApiKeyInput, DatabaseView, SystemLog, SystemStatus } from '@shared/contracts/staff';
import { EVENT_TYPES } from '@shared/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { useInvalidateOn, useInvalidating } from './api';

/** The Developer section's data: status and the database view on demand, logs and keys kept live. */
const devKey = ['developer'] as const;
const logsKey = [...devKey, 'logs'] as const;
const keysKey = [...devKey, 'api-keys'] as const;

export function useSystemStatus() {
  return useQuery({
    queryKey: [...devKey, 'status'] as const,
    queryFn: () => api.get<SystemStatus>('/api/staff/system/status'),
  });
}

export function useSystemLogs(level: 'warn' | 'error' | null) {
  useInvalidateOn(EVENT_TYPES.systemLogsChanged, logsKey);
  return useQuery({
    queryKey: [...logsKey, level ?? 'all'] as const,
    queryFn: () => api.get<{ logs: SystemLog[] }>(`/api/staff/system/logs${level ? `?level=${level}` : ''}`),
    select: (d) => d.logs,
  });
}

/** The audit trail of staff actions, filtered; read when the card opens or a filter changes. */
export function useStaffActions(filters: StaffActionQuery) {
  const params = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return useQuery({
    queryKey: [...devKey, 'audit', params] as const,
    queryFn: () => api.get<StaffActionList>(`/api/staff/audit${params ? `?${params}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useDatabaseView() {
  return useQuery({
    queryKey: [...devKey, 'database'] as const,
    queryFn: () => api.get<DatabaseView>('/api/staff/system/database'),
  });
}

export function useApiKeys() {
  useInvalidateOn(EVENT_TYPES.apiKeysChanged, keysKey);
  return useQuery({
    queryKey: keysKey,
    queryFn: () => api.get<{ keys: ApiKey[] }>('/api/staff/api-keys'),
    select: (d) => d.keys,
  });
}

export const useCreateApiKey = () =>
  useInvalidating(keysKey, (input: ApiKeyInput) =>
    api.post<{ apiKey: ApiKey; key: string }>('/api/staff/api-keys', input),
  );

export const useRevokeApiKey = () =>
  useInvalidating(keysKey, (id: string) =>
    api.post<{ apiKey: ApiKey }>(`/api/staff/api-keys/${encodeURIComponent(id)}/revoke`),
  );
