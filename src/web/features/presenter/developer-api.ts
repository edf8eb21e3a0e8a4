import type { ApiKey, ApiKeyInput, DatabaseView, SystemLog, SystemStatus } from '@shared/contracts/staff';
import { EVENT_TYPES } from '@shared/events';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/app/api-client';
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
