import type { Backup, BackupSchedule, BackupScheduleView } from '@shared/contracts/backups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';

/** The admin panel's backups: the list, "Back up now" and the schedule (admins only). */

export const backupDownloadUrl = (id: string) => `/api/admin/backups/${encodeURIComponent(id)}`;

export function useBackups() {
  return useKeyedQuery({
    queryKey: queryKeys.admin.backups,
    queryFn: async () => (await api.get<{ backups: Backup[] }>('/api/admin/backups')).backups,
  });
}

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ backup: Backup }>('/api/admin/backups')).backup,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin.backups }),
  });
}

export function useBackupSchedule() {
  return useKeyedQuery({
    queryKey: queryKeys.admin.backupSchedule,
    queryFn: () => api.get<BackupScheduleView>('/api/admin/backup-schedule'),
  });
}

export function useSaveBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackupSchedule) => api.put<BackupScheduleView>('/api/admin/backup-schedule', input),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.admin.backupSchedule, view),
  });
}
